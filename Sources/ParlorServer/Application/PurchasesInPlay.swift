import ParlorPlay
import ParlorPurchases
import SQLKit

/// What purchases decide in play (``PlayBenefitsHook``, ``PlayHintsHook``), plugged in here so that
/// neither capability depends on the other.
struct PurchasesInPlay: PlayBenefitsHook, PlayHintsHook {
    let purchases: PurchaseService
    let benefits: PurchaseBenefits

    func prioritized(among users: [String], game: String, at now: Int64, on sql: any SQLDatabase) async throws -> Set<String> {
        try await benefits.prioritized(among: users, game: game, at: now, on: sql)
    }

    func historyWindow(of user: String, at now: Int64, on sql: any SQLDatabase) async throws -> Int64? {
        try await benefits.historyWindow(of: user, at: now, on: sql)
    }

    func sellsHints(for gameType: String) -> Bool {
        purchases.catalogue.app(forGame: gameType) != nil
    }

    func spendHint(_ hintID: String, user: String, gameType: String, answer: String) async throws -> SpentHint {
        guard let app = purchases.catalogue.app(forGame: gameType) else { throw PurchasesInPlayError.noHintsFor(gameType) }
        let spent = try await purchases.spend(.hint, useID: hintID, user: user, app: app, answer: answer)
        return SpentHint(answer: spent.answer ?? answer, remaining: spent.remaining, charged: spent.charged, repeated: spent.repeated)
    }
}

/// Play asked for a hint of a game it had just been told sells none (the catalogue does not change).
enum PurchasesInPlayError: Error {
    case noHintsFor(String)
}
