import GameCore
import GameSession
import Observation

/// What every game table shares, whatever the game: the session it plays on, the latest snapshot
/// of it, the message line, the rules shown or not, the two steps of leaving, the refusals (from
/// a move's `perform` and from a snapshot's `lastError`, which a host or server may send after
/// `perform` returned) and how the game ended, from the view or, when the view cannot say (a
/// resignation the server recorded outside the game's rules), from the authority.
///
/// A game's model (``GameTableFeature``) holds one and adds its own state and intents; SwiftUI
/// and the terminal read the same properties and call the same intents.
@MainActor @Observable
public final class GameTableModel<Module: GameModule> {
    /// How the authority says a game ended that the player's view does not carry.
    public typealias FinalOutcome = @Sendable () async -> GameOutcome?

    @ObservationIgnored public let endpoint: any GameSessionEndpoint<Module>
    @ObservationIgnored private let finalOutcome: FinalOutcome?
    @ObservationIgnored private let reader: (Module.View) -> (viewer: Viewer, players: [GamePlayer])
    /// How the game words a refusal (Crazy Eights draws the cards named in it).
    @ObservationIgnored private let wording: (GameError) -> String
    /// Told of each new view with the one before it, so a game can say what changed (another
    /// player's move) whichever intent or change brought it.
    @ObservationIgnored public var onNewView: ((_ previous: Module.View?, _ current: Module.View) -> Void)?
    /// The authority is asked once: its answer does not change.
    @ObservationIgnored private var askedAuthority = false

    /// The session as last read; nil until the first read (loading).
    public private(set) var snapshot: SessionSnapshot<Module>?
    /// Names shown for seats, e.g. "bot (hard)" or a player's name online.
    public var seatLabels: [Int: String]
    /// Asked before leaving mid-game (online it says the game is resigned).
    public let leavePrompt: String
    /// One line under the table until the next intent: why a move was refused, a prompt, a hint.
    public var message: String?
    public private(set) var showsRules = false
    public private(set) var isConfirmingLeave = false
    /// The player chose to leave: the face closes the table (online play resigns).
    public private(set) var hasLeft = false
    /// How the authority said the game ended, when the view does not carry it.
    public private(set) var authorityOutcome: GameOutcome?
    /// The last refusal shown, so a snapshot repeating it does not show it again.
    public private(set) var refusal: GameError?

    public init(
        endpoint: any GameSessionEndpoint<Module>, seatLabels: [Int: String] = [:], leavePrompt: String = TableWording.leavePrompt,
        finalOutcome: FinalOutcome? = nil, wording: @escaping (GameError) -> String = TableWording.explain,
        reader: @escaping (Module.View) -> (viewer: Viewer, players: [GamePlayer])
    ) {
        self.endpoint = endpoint
        self.seatLabels = seatLabels
        self.leavePrompt = leavePrompt
        self.finalOutcome = finalOutcome
        self.wording = wording
        self.reader = reader
    }

    // MARK: Derived state

    public var view: Module.View? { snapshot?.view }
    /// Nothing to show yet: the session is being read or the game has not been dealt.
    public var isLoading: Bool { view == nil }
    public var viewerSeat: Int? { view.map(reader)?.viewer.seat }
    public var players: [GamePlayer] { view.map(reader)?.players ?? [] }
    /// How the game ended: as the view says, else as the authority said.
    public var outcome: GameOutcome? { view.flatMap(Module.outcome(in:)) ?? authorityOutcome }
    public var isOver: Bool { outcome != nil }
    /// The session has nothing more to play: it ended, or its lobby says the match is finished
    /// (a party's session goes on after its match).
    public var sessionEnded: Bool {
        guard let snapshot else { return false }
        return snapshot.phase.isOver || snapshot.lobby?.phase == .finished
    }
    /// "Game over: you won (resignation)." once the game is over.
    public var verdict: String? { outcome.map(verdict(for:)) }

    public func verdict(for outcome: GameOutcome) -> String {
        TableWording.verdict(outcome, viewer: viewerSeat, seatLabels: seatLabels, playerNames: players.map(\.name))
    }

    /// A seat's label, else its player's name; nil for a seat with neither.
    public func label(ofSeat seat: Int) -> String? {
        if let label = seatLabels[seat] { return label }
        let players = players
        return players.indices.contains(seat) ? players[seat].name : nil
    }

    /// A refusal as this game words it.
    public func explain(_ error: GameError) -> String { wording(error) }

    // MARK: Intents

    /// Reads the session again; once it has ended without the view saying how, asks the authority.
    public func refresh() async {
        adopt(await endpoint.snapshot())
        if sessionEnded, outcome == nil, !askedAuthority, let finalOutcome {
            askedAuthority = true
            authorityOutcome = await finalOutcome()
        }
    }

    /// Follows the session until cancelled (a SwiftUI screen's `.task`).
    public func follow() async {
        await refresh()
        for await _ in endpoint.changes {
            await refresh()
        }
    }

    /// Shows `snapshot`, with a refusal it carries that was not shown yet.
    public func adopt(_ snapshot: SessionSnapshot<Module>) {
        let previous = view
        self.snapshot = snapshot
        if let refused = snapshot.lastError, refused != refusal {
            refusal = refused
            message = wording(refused)
        }
        if let current = snapshot.view, current != previous { onNewView?(previous, current) }
    }

    /// Plays `action`; a refusal becomes the message. True when the authority took it.
    @discardableResult
    public func perform(_ action: Module.Action) async -> Bool {
        let accepted: Bool
        do {
            try await endpoint.perform(action)
            refusal = nil
            accepted = true
        } catch {
            refusal = error
            message = wording(error)
            accepted = false
        }
        await refresh()
        return accepted
    }

    /// The authority said how the game ended (the face asked it, or a test stands in for it).
    public func recordOutcome(_ outcome: GameOutcome) {
        authorityOutcome = outcome
        askedAuthority = true
    }

    public func dismissMessage() { message = nil }

    public func showRules() { showsRules = true }

    public func hideRules() { showsRules = false }

    /// The first step of leaving: a game still going asks first; an ended one is left at once.
    public func requestLeave() {
        if isOver || sessionEnded {
            hasLeft = true
            return
        }
        isConfirmingLeave = true
        message = leavePrompt
    }

    public func confirmLeave() {
        isConfirmingLeave = false
        hasLeft = true
    }

    public func stay() {
        isConfirmingLeave = false
        message = TableWording.staying
    }
}
