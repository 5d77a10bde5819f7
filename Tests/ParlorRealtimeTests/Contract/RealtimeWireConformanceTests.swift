import ServerTestSupport
import Foundation
import GameCore
import HTTPTypes
import HummingbirdTesting
import ParlorAPI
import Quortex
import Synchronization
import Testing

/// Every frame a real server sends over a game's life, and every message a client sends to it,
/// is what `asyncapi.yaml` describes, and between them they use every message it describes.
@Suite(.timeLimit(.minutes(3))) struct RealtimeWireConformanceTests {

    @Test func aGamesLifeOverRealSocketsUsesEveryMessageAsTheDocumentDescribesIt() async throws {
        let document = try AsyncAPIDocument.load()
        try await withOnlinePlayServer { server in
            let (a, b, c, d) = (try await server.guest(), try await server.guest(), try await server.guest(), try await server.guest())
            let created = try await server.call(.post, "/games", as: a, body: #"{"game_type":"quortex","players":2,"mode":"realtime"}"#)
            let game = try #require((created.json["id"] as? String).flatMap(UUID.init(uuidString:)))
            let code = try #require(created.json["invite_code"] as? String)
            let url = "ws://127.0.0.1:\(try #require(server.client.port))/ws"
            let sent = SentMessages()

            // A signs in by header; pings; says something the channel refuses; follows the game.
            let socketA = TestSocket(url: url, token: a.token)
            _ = try await socketA.next("welcome")
            sent.send(RealtimePing(id: "p-1"), on: socketA)
            _ = try await socketA.next("pong")
            socketA.send(#"{"type":"dance"}"#)
            _ = try await socketA.next("error")
            sent.send(RealtimeSubscribe(game: game), on: socketA)
            _ = try await socketA.next("state")

            // C hears of an invitation; B joins by code and signs in by message.
            let socketC = TestSocket(url: url, token: c.token)
            _ = try await socketC.next("welcome")
            #expect(try await server.call(.post, "/games/\(game)/invitations", as: a, body: #"{"users":["\#(c.user)"]}"#).status == 201)
            _ = try await socketC.next("invitation")
            #expect(try await server.call(.post, "/games/join", as: b, body: #"{"code":"\#(code)"}"#).status == 200)
            _ = try await socketA.next("player_joined")
            let socketB = TestSocket(url: url)
            sent.send(RealtimeAuthenticate(token: b.token), on: socketB)
            _ = try await socketB.next("welcome")
            sent.send(RealtimeSubscribe(game: game), on: socketB)
            _ = try await socketB.next("state")

            // Both connected: the game starts; whoever's turn it is plays a move.
            _ = try await socketA.next("game_started")
            let startText = try #require(socketA.texts.first { $0.contains(#""type":"game_started""#) })
            let started = try JSONDecoder().decode(RealtimeGameStarted<QuortexView>.self, from: Data(startText.utf8))
            let seatA = try #require(started.seat)
            let turn = try #require(started.view.currentSeat)
            let mover = turn == seatA ? socketA : socketB
            var random = GameRandom(seed: GameSeed(5), stream: 0)
            let action = try #require(RandomBot().choosePlacement(in: started.view.position, random: &random).map(QuortexAction.place))
            sent.send(RealtimeMove(game: game, moveId: "m-1", action: action, seq: 0), on: mover)
            _ = try await mover.next("ack")
            _ = try await socketA.next("move_made")
            sent.send(RealtimeChat(game: game, text: "good luck"), on: socketA)
            _ = try await socketA.next("chat_message")

            // B steps away and comes back with what it saw: A hears both, B gets what it missed.
            sent.send(RealtimeUnsubscribe(game: game), on: socketB)
            _ = try await socketA.next("player_left")
            sent.send(RealtimeSubscribe(game: game, since: 0), on: socketB)
            _ = try await socketA.next("player_reconnected")

            // A resigns; a move after the end is refused with its game and move id.
            sent.send(RealtimeResign(game: game, moveId: "r-1"), on: socketA)
            _ = try await socketA.next("game_ended")
            _ = try await socketB.next("game_ended")
            sent.send(RealtimeMove(game: game, moveId: "m-late", action: action), on: socketA)
            let refused = try await socketA.next("error")
            #expect(refused.code == "game_over" && refused.moveID == "m-late" && refused.game == game)

            // B offers a rematch over the socket and A takes its place, then leaves it; B cancels it.
            // (Read as text: the winner's `achievement_unlocked` names a game kind, not an id.)
            sent.send(RealtimeRequestRematch(game: game), on: socketB)
            var offer = try await socketB.nextText()
            while !offer.contains(#""type":"state""#) { offer = try await socketB.nextText() }
            let rematch = try #require(try JSONDecoder().decode(RealtimeEnvelope.self, from: Data(offer.utf8)).game)
            while !(try await socketA.nextText()).contains(#""type":"invitation""#) {}
            sent.send(RealtimeRequestRematch(game: game), on: socketA)
            while !(try await socketA.nextText()).contains(#""type":"state""#) {}
            sent.send(RealtimeLeaveGame(game: rematch, moveId: "l-1"), on: socketA)
            while !(try await socketA.nextText()).contains(#""type":"player_left""#) {}
            #expect(try await server.call(.post, "/games/\(rematch)/cancel", as: b).status == 200)
            while !(try await socketB.nextText()).contains(#""status":"abandoned""#) {}

            // C and D wait for a quick match; C's socket hears it was found.
            for guest in [c, d] {
                #expect(try await server.call(.post, "/matchmaking/quick", as: guest, body: #"{"game_type":"quortex","players":2,"mode":"turn_based"}"#).status == 200)
            }
            _ = try await socketC.next("match_found")

            // A follows a two-team draft room from its first entry to its first pick, then stops.
            let tournament = try await server.tournament(extra: #","teams":2,"rounds":7,"countdown_seconds":0"#)
            let room = try #require(UUID(uuidString: try await server.fillRoom(tournament, with: [a])))
            sent.send(RealtimeDraftSubscribe(room: room), on: socketA)
            _ = try await socketA.next("draft_state")
            _ = try await server.fillRoom(tournament, with: [b])
            while try await socketA.next("draft_event").text == nil, !socketA.texts.contains(where: { $0.contains(#""kind":"on_the_clock""#) }) {}
            sent.send(RealtimeDraftUnsubscribe(room: room), on: socketA)

            // C and D become friends: C's list changed; D comes online and C sees it.
            #expect(try await server.call(.post, "/friends/requests", as: c, body: #"{"user":"\#(d.user)"}"#).status == 200)
            #expect(try await server.call(.post, "/friends/requests/\(c.user)/accept", as: d).status == 200)
            _ = try await socketC.next("friends_changed")
            let socketD = TestSocket(url: url, token: d.token)
            defer { socketD.close() }
            _ = try await socketD.next("welcome")
            _ = try await socketC.next("friend_presence")

            // C's stats change on another device: C's socket hears it.
            let batch = String(decoding: try batchBody(SyncEventFactory(now: Date()).games("phone", 1...2)), as: UTF8.self)
            #expect(try await server.call(.post, "/sync/events", as: c, body: batch).status == 200)
            _ = try await socketC.next("sync_changed")

            var seen: Set<String> = []
            for text in socketA.texts + socketB.texts + socketC.texts {
                let frame = try JSONValue.parse(text)
                let type = try #require(frame["type"]?.stringValue)
                seen.insert(type)
                #expect(document.problems(frame, as: type) == [], "\(text)")
            }
            #expect(seen == RealtimeContractTests.serverTypes, "never sent: \(RealtimeContractTests.serverTypes.subtracting(seen))")
            let sentTypes = Set(sent.texts.map { (try? JSONValue.parse($0))?["type"]?.stringValue ?? "?" })
            #expect(sentTypes == RealtimeContractTests.clientTypes)
            for text in sent.texts {
                let message = try JSONValue.parse(text)
                #expect(document.problems(message, as: message["type"]?.stringValue ?? "?") == [], "\(text)")
            }
            for socket in [socketA, socketB, socketC] { socket.close() }
        }
    }
}

/// The client messages a test sent, as it sent them.
private final class SentMessages: Sendable {
    private let sent = Mutex<[String]>([])

    var texts: [String] { sent.withLock { $0 } }

    func send(_ message: some Encodable, on socket: TestSocket) {
        guard let data = try? JSONEncoder().encode(message) else {
            Issue.record("\(message) does not encode")
            return
        }
        let text = String(decoding: data, as: UTF8.self)
        sent.withLock { $0.append(text) }
        socket.send(text)
    }
}
