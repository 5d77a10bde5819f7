import CrazyEights
import Foundation
import GameCore
import GameSession
import PartyFeature
import PlayerProfiles
import Synchronization
import Testing

/// The lobby's model with a session that records what it is asked: each side's intents, what
/// the lobby shows, and how it ends.
@MainActor
@Suite struct LobbyModelTests {
    let host = PlayerProfile(username: "Hana")
    let ann = PlayerProfile(username: "Ann")
    let bo = PlayerProfile(username: "Bo")

    final class Session: Sendable {
        let reading = Mutex(LobbyReading(lobby: nil, phase: nil))
        let commands = Mutex<[LobbyCommand]>([])
        /// What the session answers a command with (a host's refusal).
        let refusal = Mutex<String?>(nil)

        var connection: LobbyConnection {
            LobbyConnection(
                read: { self.reading.withLock { $0 } },
                perform: { command in
                    self.commands.withLock { $0.append(command) }
                    return self.refusal.withLock { $0 }
                })
        }

        func show(_ lobby: LobbyInfo?, phase: ClientPhase? = .joined) { reading.withLock { $0 = LobbyReading(lobby: lobby, phase: phase) } }
        var sent: [LobbyCommand] { commands.withLock { $0 } }
    }

    func lobby(_ players: [PlayerProfile]? = nil, ready: Set<UUID> = [], phase: LobbyPhase = .gathering) -> LobbyInfo {
        var info = LobbyInfo(
            id: "lobby1", gameType: "crazy-eights", hostProfile: host, playerProfiles: players ?? [host, ann, bo], readyPlayerIDs: ready,
            isPrivate: false, activeSettings: try? JSONEncoder().encode(CrazyEightsSettingsSample.party))
        info.appVersion = "1.2.0"
        info.phase = phase
        return info
    }

    func model(_ role: LobbyRole, _ session: Session) -> LobbyModel {
        LobbyModel(role: role, gameName: "Crazy Eights", banner: "Lobby lobby1 · port 4000", connection: session.connection, settingsText: CrazyEightsSettingsText.lines)
    }

    @Test func beforeTheLobbyArrivesItIsConnecting() async {
        let session = Session()
        let model = model(.joiner(me: ann.id), session)
        await model.refresh()
        #expect(model.players.isEmpty)
        #expect(model.statusText == "Connecting…")
        session.show(nil, phase: .joining)
        await model.refresh()
        #expect(model.statusText == "Joining…")
        #expect(model.exit == nil)
    }

    @Test func theHostSeesEveryoneAndStartsOnlyWhenAllAreReady() async {
        let session = Session()
        let model = model(.host, session)
        session.show(lobby(ready: [ann.id]))
        await model.refresh()
        #expect(model.players.map(\.name) == ["Hana", "Ann", "Bo"])
        #expect(model.players.map(\.isReady) == [false, true, false])
        #expect(model.summary == "Hosted by Hana · public · app 1.2.0")
        #expect(!model.canStart)
        await model.start()
        #expect(session.sent.isEmpty)
        #expect(model.startHint == .notReady(["Bo"]))
        session.show(lobby(ready: [ann.id, bo.id]))
        await model.refresh()
        #expect(model.startHint == .everyoneReady, "the hint follows the lobby")
        #expect(model.canStart)
        await model.start()
        #expect(session.sent == [.start])
        #expect(model.startHint == nil)
    }

    @Test func theHostAloneIsToldToWait() async {
        let session = Session()
        let model = model(.host, session)
        session.show(lobby([host]))
        await model.refresh()
        await model.start()
        #expect(model.message == "Wait for at least one more player.")
        await model.removeSelected()
        #expect(model.message == "No one to remove yet.")
        #expect(session.sent.isEmpty)
    }

    @Test func theHostRemovesAndBansTheChosenJoiner() async {
        let session = Session()
        let model = model(.host, session)
        session.show(lobby())
        await model.refresh()
        #expect(model.selectedJoiner?.id == ann.id)
        #expect(model.players.map(\.isSelected) == [false, true, false])
        model.selectNext()
        model.selectNext()
        #expect(model.selectedJoiner?.id == bo.id, "stays on the last joiner")
        await model.banSelected()
        model.select(ann.id)
        await model.removeSelected()
        #expect(session.sent == [.ban(bo.id), .kick(ann.id)])
    }

    @Test func aRefusalIsShownInTheSessionsWords() async {
        let session = Session()
        session.refusal.withLock { $0 = "The game is already running" }
        let model = model(.host, session)
        session.show(lobby(ready: [ann.id, bo.id]))
        await model.refresh()
        await model.start()
        #expect(model.message == "The game is already running")
        model.dismissMessage()
        #expect(model.message == nil)
    }

    @Test func aJoinerReadiesAndSeesTheHostsSettingsReadOnly() async {
        let session = Session()
        let model = model(.joiner(me: ann.id), session)
        session.show(lobby())
        await model.refresh()
        #expect(model.settingsAreReadOnly)
        #expect(model.settingsLines.first == "Rules: party · match to 50 points")
        #expect(model.players.first { $0.isYou }?.name == "Ann")
        await model.toggleReady()
        session.show(lobby(ready: [ann.id]))
        await model.refresh()
        #expect(model.isReady)
        await model.toggleReady()
        // A joiner's start and removals are not theirs to send.
        await model.start()
        await model.removeSelected()
        #expect(session.sent == [.setReady(true), .setReady(false)])
    }

    @Test func leavingAsksAndEndsTheLobbyForThisPlayer() async {
        let session = Session()
        let model = model(.host, session)
        session.show(lobby())
        await model.refresh()
        model.requestLeave()
        #expect(model.confirmingLeave)
        #expect(model.leaveQuestion == "End the lobby for everyone?")
        model.cancelLeave()
        await model.confirmLeave()
        #expect(session.sent.isEmpty && model.exit == nil, "a no keeps the lobby")
        model.requestLeave()
        await model.confirmLeave()
        #expect(session.sent == [.leave])
        #expect(model.exit == .left)
    }

    @Test func theLobbyEndsWhenTheGameStartsOrTheSessionEnds() async {
        let session = Session()
        let started = model(.joiner(me: ann.id), session)
        session.show(lobby(phase: .playing))
        await started.refresh()
        #expect(started.exit == .started)

        let removed = model(.joiner(me: ann.id), session)
        session.show(nil, phase: .kicked(reason: "Banned by the host"))
        await removed.refresh()
        #expect(removed.exit == .ended(.kicked(reason: "Banned by the host")))
        #expect(removed.statusText == "Removed by the host: Banned by the host")

        let inputGone = model(.joiner(me: ann.id), session)
        await inputGone.inputEnded()
        #expect(inputGone.exit == .left)
        #expect(session.sent == [.leave])
    }
}

/// Settings the host chose, as the lobby carries them.
enum CrazyEightsSettingsSample {
    static var party: CrazyEightsSettings {
        var settings = CrazyEightsSettings(preset: .party)
        settings.targetScore = 50
        return settings
    }
}
