#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A player's action as it reached the server: already decoded into the game's own `Action`
/// (the real-time channel decodes a move once, straight into that type, when it knows the game),
/// its JSON (a REST body, a bot's choice), or the reason it is no action of the game at all —
/// refused only when the move is tried, after the checks that come first (seat, turn, repeats).
public enum SubmittedAction: Sendable {
    case decoded(DecodedAction)
    case json(Data)
    case undecodable(GameError)
}

/// A game's `Action` value, boxed so that code which does not know the game can carry it.
public struct DecodedAction: @unchecked Sendable {
    // Always the engine's own `Module.Action`, a Sendable value type; the box only hides the type.
    public let value: any Sendable

    public init(value: any Sendable) { self.value = value }
}
