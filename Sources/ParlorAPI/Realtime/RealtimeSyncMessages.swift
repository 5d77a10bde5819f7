/// The receiver's synced stats changed on the server: another device uploaded, or the account's
/// synced data was cleared. A device pulls from its last change token at once.
public struct RealtimeSyncChanged: Codable, Sendable, Equatable {
    public var type = RealtimeServerMessageType.syncChanged.rawValue
    public var changeToken: String
    public var cleared: Bool

    public init(changeToken: String, cleared: Bool) {
        self.changeToken = changeToken
        self.cleared = cleared
    }

    enum CodingKeys: String, CodingKey {
        case type
        case changeToken = "change_token"
        case cleared
    }
}
