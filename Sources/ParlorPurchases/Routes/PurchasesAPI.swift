import Foundation
import GameCore
import HTTPTypes
import OpenAPIRuntime
import ParlorAccounts
import ParlorAPI
import ParlorHTTP
import ParlorPlay

/// Purchases' routes; the application root forwards them here.
package struct PurchasesAPI: Sendable {
    let accounts: AccountService
    let purchases: PurchaseService
    let play: PlayServices

    package init(accounts: AccountService, purchases: PurchaseService, play: PlayServices) {
        self.accounts = accounts
        self.purchases = purchases
        self.play = play
    }

    package func verifyPurchase(_ input: Operations.VerifyPurchase.Input) async throws -> Operations.VerifyPurchase.Output {
        let caller = try await accounts.authenticate()
        guard case .json(let body) = input.body else { throw APIError.unsupportedMediaType(nil) }
        let result = try await purchases.verify(signedTransaction: body.signedTransaction, for: caller.userID)
        return .ok(.init(body: .json(.init(
            transactionId: result.transaction.transactionId, productId: result.transaction.productId, granted: result.granted,
            entitlements: .init(result.entitlements, now: purchases.millis)))))
    }

    package func receiveAppStoreNotification(_ input: Operations.ReceiveAppStoreNotification.Input) async throws -> Operations.ReceiveAppStoreNotification.Output {
        guard case .json(let body) = input.body else { throw APIError.unsupportedMediaType(nil) }
        let outcome = try await purchases.handle(signedPayload: body.signedPayload)
        return .ok(.init(body: .json(.init(outcome: .init(rawValue: outcome.rawValue) ?? .ignored))))
    }

    package func getEntitlements(_ input: Operations.GetEntitlements.Input) async throws -> Operations.GetEntitlements.Output {
        let caller = try await accounts.authenticate()
        let entitlements = try await purchases.entitlements(of: caller.userID, bundleID: input.query.bundleId)
        return .ok(.init(body: .json(.init(entitlements, now: purchases.millis))))
    }

    package func usePurchase(_ input: Operations.UsePurchase.Input) async throws -> Operations.UsePurchase.Output {
        let caller = try await accounts.authenticate()
        guard case .json(let body) = input.body else { throw APIError.unsupportedMediaType(nil) }
        guard let app = purchases.catalogue.app(body.bundleId) else { throw APIError.notFound("this server sells nothing for \(body.bundleId)") }
        let item: PurchaseService.Item = body.item == .hint ? .hint : .undo
        let spent = try await purchases.spend(item, useID: body.useId, user: caller.userID, app: app)
        return .ok(.init(body: .json(.init(item: body.item == .hint ? .hint : .undo, remaining: spent.remaining, charged: spent.charged, repeated: spent.repeated))))
    }

    package func getHint(_ input: Operations.GetHint.Input) async throws -> Operations.GetHint.Output {
        let caller = try await accounts.authenticate()
        guard case .json(let body) = input.body else { throw APIError.unsupportedMediaType(nil) }
        guard let id = UUID(uuidString: input.path.gameID) else { throw APIError.invalidField("gameID", "must be a game id") }
        let game = try await play.games.live(id)
        guard let seat = game.seat(of: caller.userID) else { throw APIError.notAPlayer() }
        guard game.row.status == .active, let state = game.current else { throw APIError.notStarted() }
        guard game.engine.turnSeats(in: state).contains(seat) else {
            throw APIError(.conflict, code: "not_your_turn", message: "a hint is for your own turn")
        }
        guard let app = purchases.catalogue.app(forGame: game.row.gameType) else {
            throw APIError.notFound("\(game.engine.catalogEntry.displayName) has no hints")
        }
        // The same position always gets the same suggestion.
        let seed = game.row.seed.value &+ UInt64(game.row.seq) &* 0x9E37_79B9_7F4A_7C15
        guard let suggestion = try game.engine.hint(for: seat, in: state, seed: seed) else {
            throw APIError(.conflict, code: "no_hint", message: "there is no move to suggest")
        }
        let spent = try await purchases.spend(.hint, useID: body.hintId, user: caller.userID, app: app, answer: String(decoding: suggestion, as: UTF8.self))
        let answer = Data((spent.answer ?? String(decoding: suggestion, as: UTF8.self)).utf8)
        let action = try JSONDecoder().decode(OpenAPIValueContainer.self, from: answer)
        return .ok(.init(body: .json(.init(action: action, remaining: spent.remaining, charged: spent.charged, repeated: spent.repeated))))
    }
}

extension Components.Schemas.Entitlements {
    init(_ entitlements: Entitlements, now: Int64) {
        self.init(
            bundleId: entitlements.bundleID, themes: entitlements.themes, skins: entitlements.skins, ownedProductIds: entitlements.ownedProductIDs,
            hints: entitlements.hints, undos: entitlements.undos, unlimitedHintsAndUndos: entitlements.unlimitedHintsAndUndos,
            tier: entitlements.tier.flatMap { .init(rawValue: $0.rawValue) },
            subscription: entitlements.subscription.map { subscription in
                .init(
                    productId: subscription.productID, status: .init(rawValue: subscription.status(at: now).rawValue) ?? .expired,
                    expiresAt: subscription.expiresAt.map(Date.init(millis:)), graceUntil: subscription.graceUntil.map(Date.init(millis:)),
                    autoRenew: subscription.autoRenew, pendingProductId: subscription.pendingProductID)
            })
    }
}
