import Foundation
import Testing

@testable import ParlorClient

/// While a (re)subscription waits for its `state`, an `error` about the game that names no move ends
/// the wait only when it refuses the subscription: a refused chat line is passed on and the wait goes
/// on, so the moves held behind it are not released ahead of the `state`.
@Suite struct ResumeLedgerChatRefusalTests {
    static let game = UUID()

    func frame(_ json: String) throws -> RealtimeInbound {
        try #require(RealtimeInbound.parse(Data(json.utf8))).inbound
    }

    func receive(_ json: String, into ledger: inout RealtimeResumeLedger) throws -> RealtimeResumeLedger.Outcome {
        let parsed = try #require(RealtimeInbound.parse(Data(json.utf8)))
        return ledger.receive(parsed.inbound, parsed.details)
    }

    @Test func aChatRefusalDoesNotEndTheWaitForTheState() throws {
        var ledger = RealtimeResumeLedger()
        _ = ledger.subscribe(Self.game)
        let id = Self.game.uuidString.lowercased()
        let refused = try receive(#"{"type":"error","game":"\#(id)","code":"rate_limited","message":"slow down","retry_after":30}"#, into: &ledger)
        #expect(refused.deliver.count == 1, "the refusal itself reaches the chat")
        #expect(ledger.entries[Self.game]?.awaitingState == true)
        let held = try receive(#"{"type":"move_made","game":"\#(id)","seq":3}"#, into: &ledger)
        #expect(held.deliver.isEmpty, "a live move waits for the state")
        let state = try receive(#"{"type":"state","game":"\#(id)","seq":2,"status":"active"}"#, into: &ledger)
        #expect(state.deliver.compactMap(\.seq) == [2, 3], "the state first, then the move it was holding")
    }

    @Test func aRefusedSubscriptionEndsTheWait() throws {
        var ledger = RealtimeResumeLedger()
        _ = ledger.subscribe(Self.game)
        let id = Self.game.uuidString.lowercased()
        _ = try receive(#"{"type":"move_made","game":"\#(id)","seq":1}"#, into: &ledger)
        let refused = try receive(#"{"type":"error","game":"\#(id)","code":"game_not_found","message":"no such game"}"#, into: &ledger)
        #expect(refused.deliver.count == 2, "the refusal and the move it held")
        #expect(ledger.entries[Self.game]?.awaitingState == false)
    }
}
