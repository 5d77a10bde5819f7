import Foundation
import GameCore
import GameSession
import PartyFeature
import PlayerProfiles
import Synchronization
import Testing

@testable import TerminalPlay

/// The lobby before a party game: what each side sees and what its keys ask of the session
/// (through the lobby's model, over a session that records what it is asked).
@MainActor
@Suite struct LobbyScreenTests {
    let host = PlayerProfile(username: "Host")
    let ann = PlayerProfile(username: "Ann")
    let bo = PlayerProfile(username: "Bo")

    /// A session that answers with the lobby a test sets and records every command.
    final class Session: Sendable {
        let reading = Mutex(LobbyReading(lobby: nil, phase: nil))
        let commands = Mutex<[LobbyCommand]>([])

        var connection: LobbyConnection {
            LobbyConnection(
                read: { self.reading.withLock { $0 } },
                perform: { command in
                    self.commands.withLock { $0.append(command) }
                    return nil
                })
        }

        func show(_ lobby: LobbyInfo?, phase: ClientPhase? = .joined) { reading.withLock { $0 = LobbyReading(lobby: lobby, phase: phase) } }
        /// The commands sent since the last call.
        func sent() -> [LobbyCommand] { commands.withLock { sent in defer { sent = [] }; return sent } }
    }

    func lobby(ready: Set<UUID>) -> LobbyInfo {
        var info = LobbyInfo(
            id: "abc", gameType: "crazy-eights", hostProfile: host, playerProfiles: [host, ann, bo], readyPlayerIDs: ready, isPrivate: true,
            activeSettings: Data("{}".utf8))
        info.appVersion = "1.0.0"
        info.phase = .gathering
        return info
    }

    func screen(_ role: LobbyRole, _ session: Session) -> LobbyScreen {
        LobbyScreen(
            model: LobbyModel(
                role: role, gameName: "Crazy Eights", banner: role == .host ? "Lobby abc · port 4000" : nil, connection: session.connection
            ) { _ in ["Rules: classic · match to 100 points"] })
    }

    /// Shows `lobby`, presses `key`, and answers what the key sent.
    func press(_ key: Key, on screen: LobbyScreen, _ session: Session, lobby: LobbyInfo?) async -> [LobbyCommand] {
        session.show(lobby)
        await screen.model.refresh()
        await screen.handle(key)
        return session.sent()
    }

    @Test func theHostStartsOnlyOnceEveryoneIsReady() async {
        let session = Session()
        let screen = screen(.host, session)
        #expect(await press(.character("s"), on: screen, session, lobby: lobby(ready: [ann.id])) == [])
        #expect(screen.render(style: .plain).contains("Not ready yet: Bo"))
        // Bo readies while the host looks: the screen follows the lobby, not the key pressed.
        session.show(lobby(ready: [ann.id, bo.id]))
        await screen.model.refresh()
        let nowReady = screen.render(style: .plain)
        #expect(!nowReady.contains { $0.contains("Not ready yet") }, "\(nowReady)")
        #expect(nowReady.contains("Everyone is ready: s starts the game."), "\(nowReady)")
        #expect(await press(.character("s"), on: screen, session, lobby: lobby(ready: [ann.id, bo.id])) == [.start])
        let aloneSession = Session()
        let alone = self.screen(.host, aloneSession)
        var empty = lobby(ready: [])
        empty.playerProfiles = [host]
        #expect(await press(.enter, on: alone, aloneSession, lobby: empty) == [])
        #expect(alone.model.message == "Wait for at least one more player.")
    }

    @Test func theHostChoosesAJoinerToRemove() async {
        let session = Session()
        let screen = screen(.host, session)
        let info = lobby(ready: [])
        #expect(await press(.character("x"), on: screen, session, lobby: info) == [.kick(ann.id)])
        _ = await press(.down, on: screen, session, lobby: info)
        _ = await press(.down, on: screen, session, lobby: info)  // stays on the last joiner
        #expect(await press(.character("x"), on: screen, session, lobby: info) == [.kick(bo.id)])
        #expect(await press(.character("b"), on: screen, session, lobby: info) == [.ban(bo.id)])
        _ = await press(.up, on: screen, session, lobby: info)
        #expect(await press(.character("x"), on: screen, session, lobby: info) == [.kick(ann.id)])
        let text = screen.render(style: .plain).joined(separator: "\n")
        #expect(text.contains("Lobby abc · port 4000"))
        #expect(text.contains("x remove · b ban · s start"))
    }

    @Test func aJoinerTogglesReadyAndSeesTheSettingsReadOnly() async {
        let session = Session()
        let screen = screen(.joiner(me: ann.id), session)
        #expect(await press(.character("r"), on: screen, session, lobby: lobby(ready: [])) == [.setReady(true)])
        #expect(await press(.character("r"), on: screen, session, lobby: lobby(ready: [ann.id])) == [.setReady(false)])
        #expect(await press(.character("s"), on: screen, session, lobby: lobby(ready: [ann.id, bo.id])) == [], "only the host starts")
        #expect(await press(.character("x"), on: screen, session, lobby: lobby(ready: [])) == [], "only the host removes")
        session.show(lobby(ready: [ann.id]), phase: .joined)
        await screen.model.refresh()
        let lines = screen.render(style: .plain)
        #expect(lines.contains { $0.contains("ready") && $0.contains("Ann (you)") })
        #expect(lines.contains { $0.contains("Bo") && !$0.contains("ready") })
        #expect(lines.contains("Settings (the host's)"))
        #expect(lines.contains("  Rules: classic · match to 100 points"))
        #expect(lines.contains { $0.contains("private (passcode)") })
    }

    @Test func leavingAsksFirst() async {
        let session = Session()
        let screen = screen(.joiner(me: ann.id), session)
        #expect(await press(.character("q"), on: screen, session, lobby: nil) == [])
        session.show(nil, phase: .connecting)
        await screen.model.refresh()
        #expect(screen.render(style: .plain).contains("Leave the lobby? y to leave, any other key to stay."))
        #expect(await press(.character("n"), on: screen, session, lobby: nil) == [])
        _ = await press(.character("q"), on: screen, session, lobby: nil)
        #expect(await press(.character("y"), on: screen, session, lobby: nil) == [.leave])
        #expect(screen.model.exit == .left)
    }

    @Test func refusalsAndEndingsAreShown() async {
        let session = Session()
        let screen = screen(.joiner(me: ann.id), session)
        for (phase, text) in [
            (ClientPhase.rejected(reason: "Wrong passcode"), "Refused: Wrong passcode"), (.kicked(reason: nil), "Removed by the host."),
            (.ended(reason: "The host left"), "The session ended: The host left"),
        ] {
            session.show(nil, phase: phase)
            await screen.model.refresh()
            #expect(screen.render(style: .plain).contains(text))
        }
    }

    /// The driver runs the screen until the lobby ends: here the host starts the game.
    @Test func theDriverEndsWhenTheGameStarts() async {
        let session = Session()
        let screen = screen(.host, session)
        session.show(lobby(ready: [ann.id, bo.id]))
        let frames = Mutex<[String]>([])
        let (keys, typing) = AsyncStream.makeStream(of: Key.self)
        typing.yield(.character("s"))
        let driver = LobbyDriver(style: .plain, write: { frame in frames.withLock { $0.append(frame) } }, tick: .milliseconds(10))
        let running = Task { await driver.run(screen, keys: keys) }
        while session.commands.withLock({ $0 }) != [.start] { await Task.yield() }
        var playing = lobby(ready: [ann.id, bo.id])
        playing.phase = .playing
        session.show(playing)
        #expect(await running.value == .started)
        #expect(frames.withLock { $0.first?.contains("Players (3)") ?? false })
        typing.finish()
    }
}
