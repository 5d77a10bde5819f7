import ParlorAccounts
import ParlorAPI
import ParlorNotifications
import ParlorPlay
import ParlorPurchases

/// The admin reads of the operations issue: the audit trail, games, nodes, push and purchases.
extension APIHandler {
    func adminListAudit(_ input: Operations.AdminListAudit.Input) async throws -> Operations.AdminListAudit.Output {
        try await accountsAPI.adminListAudit(input)
    }
    func adminListGames(_ input: Operations.AdminListGames.Input) async throws -> Operations.AdminListGames.Output { try await playAPI.adminListGames(input) }
    func adminGetGame(_ input: Operations.AdminGetGame.Input) async throws -> Operations.AdminGetGame.Output { try await playAPI.adminGetGame(input) }
    func adminListNodes(_ input: Operations.AdminListNodes.Input) async throws -> Operations.AdminListNodes.Output { try await playAPI.adminListNodes(input) }
    func adminListPushNotifications(
        _ input: Operations.AdminListPushNotifications.Input
    ) async throws -> Operations.AdminListPushNotifications.Output {
        try await notificationsAPI.adminListPushNotifications(input)
    }
    func adminGetUserPurchases(_ input: Operations.AdminGetUserPurchases.Input) async throws -> Operations.AdminGetUserPurchases.Output {
        try await purchasesAPI.adminGetUserPurchases(input)
    }
    func adminListPurchaseNotifications(
        _ input: Operations.AdminListPurchaseNotifications.Input
    ) async throws -> Operations.AdminListPurchaseNotifications.Output {
        try await purchasesAPI.adminListPurchaseNotifications(input)
    }
}
