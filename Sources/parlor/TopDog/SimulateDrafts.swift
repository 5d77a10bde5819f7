import ArgumentParser
import AsyncHTTPClient
import BestBall
import Foundation
import NIOCore
import NIOHTTP1
import ParlorAPI
import ParlorClient
import ParlorDatabase
import ParlorTopDog
import Synchronization

/// `parlor topdog simulate --rooms N`: fills N twelve-team rooms with bots through a running
/// server and drafts them all at once; each bot follows its room over `/ws` and picks over REST
/// when on the clock. Prints how long a pick took to reach all twelve sockets of its room.
struct SimulateDrafts: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate", abstract: "Draft N rooms with bots through a running server and print pick latency.",
        discussion: """
            Creates a free tournament in the server's database (pass the same database options as \
            `parlor serve`), signs in 12 guests per room, and drafts every room at once. Run the \
            server with rate limits off (PARLOR_RATE_LIMITS=off parlor serve) for more than a few rooms. \
            The rooms draft side by side, so it runs about as long as one draft: the countdown, then \
            rounds × 12 picks of about --think-ms each (with the defaults about four minutes; 10 rooms \
            took 3 min 52 s on a two-core machine). Fewer --rounds (7 at least) or a smaller --think-ms shorten it.
            """)

    @Option(help: "Rooms to draft at once.") var rooms = 10
    @Option(help: "The server's base URL.") var server = "http://127.0.0.1:8080"
    @Option(help: "Rounds per draft.") var rounds = 18
    @Option(help: "Seconds from a room filling to its first pick.") var countdownSeconds = 5
    @Option(help: "How long a bot thinks before picking, on average, in milliseconds (0: at once, which saturates the server).")
    var thinkMs = 1000
    @OptionGroup var options: CommonOptions

    func run() async throws {
        try await reportingFailures {
            guard rooms >= 1, let base = URL(string: server), let socketURL = URL(string: server.replacingOccurrences(of: "http", with: "ws") + "/ws") else {
                throw CommandFailure(.usage, "--rooms must be at least 1 and --server a URL")
            }
            var input = TournamentInput(title: "Simulated drafts", entryFeeCents: 0)
            input.speed = .custom
            input.pickSeconds = 30
            input.rounds = rounds
            input.countdownSeconds = countdownSeconds
            input.maxEntries = rooms * 12
            let request = input
            let tournament = try await options.withMigratedDatabase { database in try await TournamentService.create(request, in: database, at: Date()) }
            let http = SimulationHTTP(base: base)
            let bots = try await signIn(rooms * 12, http: http)
            let pool = PlayerPool(try await http.players(token: bots[0]))
            let recorder = PickRecorder()
            // One draft's length: every room drafts at the same time.
            let expected = countdownSeconds + rounds * 12 * thinkMs / 1000
            let length = expected < 60 ? "\(expected) s" : "\(expected / 60) min \(expected % 60) s"
            print("drafting \(rooms) rooms of 12 bots, thinking about \(thinkMs) ms a pick: about \(length) (tournament \(tournament.id))")
            let started = ContinuousClock.now
            try await withThrowingTaskGroup(of: Void.self) { group in
                for token in bots {
                    let room = try await http.join(tournament.id, token: token)
                    group.addTask {
                        let bot = SimulatedDrafter(token: token, room: room, http: http, pool: pool, recorder: recorder, thinkMillis: thinkMs)
                        try await bot.draft(socketURL: socketURL)
                    }
                }
                try await group.waitForAll()
            }
            let elapsed = ContinuousClock.now - started
            print(recorder.report(rooms: rooms, elapsed: elapsed))
        }
    }

    private func signIn(_ count: Int, http: SimulationHTTP) async throws -> [String] {
        try await withThrowingTaskGroup(of: [String].self) { group in
            let batches = stride(from: 0, to: count, by: max(1, count / 16)).map { $0..<min($0 + max(1, count / 16), count) }
            for batch in batches { group.addTask { var tokens: [String] = []; for _ in batch { tokens.append(try await http.guest()) }; return tokens } }
            return try await group.reduce(into: []) { $0 += $1 }
        }
    }
}

/// The few REST calls of the simulation, as plain JSON over AsyncHTTPClient.
struct SimulationHTTP: Sendable {
    let base: URL

    func guest() async throws -> String {
        let body = try await call("POST", "/auth/guest", token: nil, body: #"{"device_id":"\#(UUID().uuidString)"}"#)
        guard let token = (try JSONSerialization.jsonObject(with: body) as? [String: Any])?["access_token"] as? String else {
            throw CommandFailure(.software, "guest sign-in answered no token")
        }
        return token
    }

    func players(token: String) async throws -> [DraftPlayer] {
        struct List: Decodable { var players: [DraftPlayer] }
        return try JSONDecoder().decode(List.self, from: try await call("GET", "/topdog/players", token: token, body: nil)).players
    }

    func join(_ tournament: String, token: String) async throws -> String {
        let body = try await call("POST", "/topdog/tournaments/\(tournament)/entries", token: token, body: #"{"count":1,"idempotency_key":"\#(UUID().uuidString)"}"#)
        let entries = (try JSONSerialization.jsonObject(with: body) as? [String: Any])?["entries"] as? [[String: Any]]
        guard let room = entries?.first?["room_id"] as? String else { throw CommandFailure(.software, "joining answered no room") }
        return room
    }

    func pick(_ player: String, room: String, token: String) async throws {
        _ = try await call("POST", "/topdog/drafts/\(room)/picks", token: token, body: #"{"player_id":"\#(player)"}"#, accept: [200, 422])
    }

    private func call(_ method: String, _ path: String, token: String?, body: String?, accept: Set<UInt> = [200, 201]) async throws -> Data {
        var request = HTTPClientRequest(url: base.appendingPathComponent(path).absoluteString)
        request.method = .RAW(value: method)
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(string: body))
        }
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
        let bytes = try await response.body.collect(upTo: 1 << 24)
        guard accept.contains(response.status.code) else {
            if response.status.code == 429 {
                throw CommandFailure(.software, "the server rate-limits guests (429): run it with PARLOR_RATE_LIMITS=off")
            }
            throw CommandFailure(.software, "\(method) \(path) answered \(response.status.code): \(String(buffer: bytes).prefix(200))")
        }
        return Data(bytes.readableBytesView)
    }
}
