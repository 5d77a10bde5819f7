import AppFoundation
import Dependencies
import Foundation
import GameCore
import ParlorClient
import Quortex

/// What the player does on the game screen beside placing tiles: seating, resigning, hints,
/// the queued moves and the errors.
extension QuortexGameModel {
    // MARK: Seating

    /// Who sits where and with whom, shown before the first move until the player has seen it.
    public var showsSeating: Bool {
        guard !seatingDismissed, let table, let view = table.view else { return false }
        return view.placements == 0 && !table.table.isOver
    }

    /// Each camp and the sides it joins: "P1 you: join lower left and upper right".
    public var seating: [QuortexCampSummary] { table?.camps ?? [] }

    public func dismissSeating() { seatingDismissed = true }

    /// The seat bar: every seat, whose turn it is, who is away or resigned.
    public var seats: [QuortexSeatBadge] {
        guard let table, let view = table.view else { return [] }
        let resignedSeats = Set(view.position.resignedCamps.flatMap { view.camps.indices.contains($0) ? view.camps[$0].seats : [] })
        return view.players.indices.map { seat in
            let place = details?.places.first { $0.seat == seat }
            return QuortexSeatBadge(
                seat: seat, name: table.name(ofSeat: seat), isYou: seat == table.viewerSeat,
                isToMove: !table.table.isOver && view.currentSeat == seat, isAway: place.map { !$0.present } ?? false,
                hasResigned: resignedSeats.contains(seat) || place?.resigned == true)
        }
    }

    // MARK: Resigning

    /// The player may resign while the game goes on and they have a seat in it.
    public var canResign: Bool {
        guard phase == .playing, let table else { return false }
        return table.viewerSeat != nil && !table.table.isOver && !isResigning
    }

    /// Resigning is asked first.
    public func requestResign() {
        guard canResign else { return }
        confirmingResign = true
    }

    public func cancelResign() { confirmingResign = false }

    /// Resigns on the server; the end then comes like any other.
    public func confirmResign() async {
        guard confirmingResign else { return }
        confirmingResign = false
        isResigning = true
        defer { isResigning = false }
        do throws(ParlorError) {
            try await client.resign(gameID)
            await table?.refresh()
            await noteChange()
        } catch {
            self.error = ErrorPresentation(error)
        }
    }

    /// The player left through the table's own prompt (which says leaving resigns): a game in
    /// play is resigned, then the game is let go.
    public func leave() async {
        if canResign {
            do throws(ParlorError) {
                try await client.resign(gameID)
            } catch {
                // The player has left all the same; the server times the seat out.
                self.error = ErrorPresentation(error)
            }
        }
        await close()
    }

    // MARK: Hints

    public var canAskHint: Bool { phase == .playing && table?.isMyTurn == true && !isAskingHint }

    /// The server's suggestion while it is still for the position shown.
    public var suggestedPlacement: Placement? {
        guard let hint, let view = table?.view, view.placements == hint.placements, table?.isMyTurn == true else { return nil }
        return hint.suggestion.placement
    }

    /// "Suggested: d4 turned 2 · 3 hints left".
    public var hintText: String? {
        guard let placement = suggestedPlacement, let hint else { return nil }
        let left = hint.suggestion.remaining.map { " · \($0) hint\($0 == 1 ? "" : "s") left" } ?? ""
        return "Suggested: \(placement.cell.name) turned \(placement.rotation)" + left
    }

    /// Asks the server's strongest bot (spends a hint; a refusal, such as no hints left, is
    /// shown with the server's words) and points the cursor at its cell.
    public func askHint() async {
        guard canAskHint, let table, let placements = table.view?.placements else { return }
        isAskingHint = true
        defer { isAskingHint = false }
        do throws(ParlorError) {
            let suggestion = try await client.hint(gameID, uuid().uuidString)
            hint = (suggestion, placements)
            table.select(suggestion.placement.cell)
        } catch {
            self.error = ErrorPresentation(error)
        }
    }

    // MARK: Queued moves and errors

    /// Sends the moves waiting now (the player tapped "Send now").
    public func sendQueuedMoves() async {
        await connection?.deliverQueued()
        await noteChange()
    }

    /// The player has read why these moves were refused.
    public func dismissRefusals() {
        dismissedRefusals.formUnion(refusedMoves.map(\.id))
        refusedMoves = []
    }

    public func dismissError() { error = nil }

    /// The player closed the game-over sheet to look at the board.
    public func hideGameOver() { showsGameOver = false }
}

/// A seat in the seat bar.
public struct QuortexSeatBadge: Equatable, Sendable, Identifiable {
    public var seat: Int
    /// "you", or the player's name.
    public var name: String
    public var isYou: Bool
    public var isToMove: Bool
    /// Not connected to a real-time game (the server's clock runs for them).
    public var isAway: Bool
    public var hasResigned: Bool

    public var id: Int { seat }
    /// "P2 Olga".
    public var label: String { "P\(seat + 1) \(name)" }

    public init(seat: Int, name: String, isYou: Bool, isToMove: Bool, isAway: Bool, hasResigned: Bool) {
        self.seat = seat
        self.name = name
        self.isYou = isYou
        self.isToMove = isToMove
        self.isAway = isAway
        self.hasResigned = hasResigned
    }
}
