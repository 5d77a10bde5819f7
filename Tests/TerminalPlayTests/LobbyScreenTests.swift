import Foundation
import GameCore
import GameSession
import PlayerProfiles
import Testing

@testable import TerminalPlay

/// The lobby before a party game: what each side sees and what its keys ask for.
@Suite struct LobbyScreenTests {
    let host = PlayerProfile(username: "Host")
    let ann = PlayerProfile(username: "Ann")
    let bo = PlayerProfile(username: "Bo")

    func lobby(ready: Set<UUID>) -> LobbyInfo {
        var info = LobbyInfo(
            id: "abc", gameId: "crazy-eights", hostProfile: host, playerProfiles: [host, ann, bo], readyPlayerIDs: ready, isPrivate: true,
            activeSettings: Data("{}".utf8))
        info.appVersion = "1.0.0"
        info.phase = .gathering
        return info
    }

    func screen(_ role: LobbyScreen.Role) -> LobbyScreen {
        LobbyScreen(role: role, gameName: "Crazy Eights", banner: "Lobby abc · port 4000") { _ in ["Rules: classic · match to 100 points"] }
    }

    @Test func theHostStartsOnlyOnceEveryoneIsReady() {
        var screen = screen(.host)
        #expect(screen.handle(.character("s"), lobby: lobby(ready: [ann.id])) == .none)
        #expect(screen.render(lobby(ready: [ann.id]), phase: nil, style: .plain).contains("Not ready yet: Bo"))
        // Bo readies while the host looks: the screen follows the lobby, not the key pressed.
        let nowReady = screen.render(lobby(ready: [ann.id, bo.id]), phase: nil, style: .plain)
        #expect(!nowReady.contains { $0.contains("Not ready yet") }, "\(nowReady)")
        #expect(nowReady.contains("Everyone is ready: s starts the game."), "\(nowReady)")
        #expect(screen.handle(.character("s"), lobby: lobby(ready: [ann.id, bo.id])) == .start)
        var alone = self.screen(.host)
        var empty = lobby(ready: [])
        empty.playerProfiles = [host]
        #expect(alone.handle(.enter, lobby: empty) == .none)
        #expect(alone.message == "Wait for at least one more player.")
    }

    @Test func theHostChoosesAJoinerToRemove() {
        var screen = screen(.host)
        let info = lobby(ready: [])
        #expect(screen.handle(.character("x"), lobby: info) == .kick(ann.id))
        _ = screen.handle(.down, lobby: info)
        _ = screen.handle(.down, lobby: info)  // stays on the last joiner
        #expect(screen.handle(.character("x"), lobby: info) == .kick(bo.id))
        #expect(screen.handle(.character("b"), lobby: info) == .ban(bo.id))
        _ = screen.handle(.up, lobby: info)
        #expect(screen.handle(.character("x"), lobby: info) == .kick(ann.id))
        let text = screen.render(info, phase: nil, style: .plain).joined(separator: "\n")
        #expect(text.contains("Lobby abc · port 4000"))
        #expect(text.contains("x remove · b ban · s start"))
    }

    @Test func aJoinerTogglesReadyAndSeesTheSettingsReadOnly() {
        var screen = screen(.joiner(me: ann.id))
        #expect(screen.handle(.character("r"), lobby: lobby(ready: [])) == .setReady(true))
        #expect(screen.handle(.character("r"), lobby: lobby(ready: [ann.id])) == .setReady(false))
        #expect(screen.handle(.character("s"), lobby: lobby(ready: [ann.id, bo.id])) == .none, "only the host starts")
        #expect(screen.handle(.character("x"), lobby: lobby(ready: [])) == .none, "only the host removes")
        let lines = screen.render(lobby(ready: [ann.id]), phase: .joined, style: .plain)
        #expect(lines.contains { $0.contains("ready") && $0.contains("Ann (you)") })
        #expect(lines.contains { $0.contains("Bo") && !$0.contains("ready") })
        #expect(lines.contains("Settings (the host's)"))
        #expect(lines.contains("  Rules: classic · match to 100 points"))
        #expect(lines.contains { $0.contains("private (passcode)") })
    }

    @Test func leavingAsksFirst() {
        var screen = screen(.joiner(me: ann.id))
        #expect(screen.handle(.character("q"), lobby: nil) == .none)
        #expect(screen.render(nil, phase: .connecting, style: .plain).contains("Leave the lobby? y to leave, any other key to stay."))
        #expect(screen.handle(.character("n"), lobby: nil) == .none)
        _ = screen.handle(.character("q"), lobby: nil)
        #expect(screen.handle(.character("y"), lobby: nil) == .leave)
    }

    @Test func refusalsAndEndingsAreShown() {
        let screen = screen(.joiner(me: ann.id))
        #expect(screen.render(nil, phase: .rejected(reason: "Wrong passcode"), style: .plain).contains("Refused: Wrong passcode"))
        #expect(screen.render(nil, phase: .kicked(reason: nil), style: .plain).contains("Removed by the host."))
        #expect(screen.render(nil, phase: .ended(reason: "The host left"), style: .plain).contains("The session ended: The host left"))
    }
}
