import AppFoundation
import Dependencies
import Foundation
import ParlorClient
import Quortex

/// Undo and hints: free a few times a game, then paid from the balance (free with Pro), and
/// refused with the store's offer when there is nothing left or nobody is signed in.
extension PracticeModel {
    /// Takes back the player's last placement and the bots' replies to it.
    public func undo() async {
        guard !isWorking else { return }
        clearNotices()
        guard await endpoint.undoableMoves > 0 else {
            table.table.message = "Nothing to undo yet: place a tile first."
            return
        }
        guard await pay(for: .undo) else { return }
        _ = await endpoint.undo()
        await sync()
    }

    /// Shows the hard bot's placement for the drawn tile: the cursor goes to its cell, turned
    /// as it says. The same position's hint is shown again without paying twice.
    public func showHint() async {
        guard !isWorking else { return }
        clearNotices()
        guard table.isMyTurn, let placements = table.view?.placements, let suggestion = await endpoint.hint() else {
            table.table.message = "Hints are for your turn."
            return
        }
        if hint != suggestion {
            guard await pay(for: .hint) else { return }
            shownHint = (suggestion, placements)
        }
        point(at: suggestion)
        table.table.message = "Hint: \(suggestion.notation)"
    }

    /// Asks again for the undo or hint the server did not answer ("Try Again").
    public func retry() async {
        switch unanswered {
        case .undo: await undo()
        case .hint: await showHint()
        case nil: error = nil
        }
    }

    /// Moves the cursor onto `placement`, turning the tile to its rotation (a distinct one of
    /// the drawn tile's, since hints come from the legal placements).
    private func point(at placement: Placement) {
        table.select(placement.cell)
        for _ in 0..<6 where table.cursor.rotation != placement.rotation {
            table.rotate(clockwise: true)
        }
    }

    private func clearNotices() {
        error = nil
        storeOffer = nil
    }

    /// Pays for one `item`: a free one of this game, nothing with Pro, else one from the balance
    /// under a key kept until the server answers. False when refused (the offer or error says why).
    private func pay(for item: PracticeItem) async -> Bool {
        if takeFree(item) { return true }
        if purchases.isUnlimited { return true }
        if purchases == .signedOut {
            storeOffer = .signIn(item, freePerGame: freePerGame(item))
            return false
        }
        isWorking = true
        defer { isWorking = false }
        let key = pendingKeys[item] ?? uuid().uuidString.lowercased()
        pendingKeys[item] = key
        do {
            let answer = try await client.use(item, key)
            pendingKeys[item] = nil
            unanswered = nil
            adopt(remaining: answer.remaining, of: item)
            return true
        } catch {
            unanswered = nil
            switch error.kind {
            case .paymentRequired:
                pendingKeys[item] = nil
                adopt(remaining: 0, of: item)
                storeOffer = .empty(item, ErrorPresentation(error))
            case .notAuthenticated, .sessionExpired:
                pendingKeys[item] = nil
                purchases = .signedOut
                storeOffer = .signIn(item, freePerGame: freePerGame(item))
            default:
                // Kept: "Try Again" sends the same key, so an undo the server did count is not paid twice.
                unanswered = item
                self.error = ErrorPresentation(error)
            }
            return false
        }
    }

    private func takeFree(_ item: PracticeItem) -> Bool {
        switch item {
        case .undo where freeUndosLeft > 0: freeUndosLeft -= 1
        case .hint where freeHintsLeft > 0: freeHintsLeft -= 1
        default: return false
        }
        return true
    }

    private func freePerGame(_ item: PracticeItem) -> Int {
        item == .undo ? Self.freeUndosPerGame : Self.freeHintsPerGame
    }

    /// The server's count after a use; nil means Pro made it unlimited. Balances never read
    /// stay unknown: one count is not all of them.
    private func adopt(remaining: Int?, of item: PracticeItem) {
        guard var balances = purchases.balances else { return }
        if let remaining {
            balances.set(item, to: remaining)
        } else {
            balances.unlimited = true
        }
        purchases = .loaded(balances)
    }
}
