import ParlorClient

/// What the chat panel hears from the connection: a line, or the server refusing one this
/// player sent (too fast, too long).
public enum QuortexChatEvent: Sendable, Equatable {
    case line(QuortexChatLine)
    case refused(ParlorError)
}
