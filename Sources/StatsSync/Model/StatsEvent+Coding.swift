import Foundation

/// The wire and file form of an event, shared with the Parlor API:
/// `{"id","device","seq","at","type":"game_completed","game":{...}}`, where `type` names which one
/// of `game`, `setting` or `reset` is present.
extension StatsEvent: Codable {
    enum CodingKeys: String, CodingKey {
        case id, device, sequence = "seq", timestamp = "at", type, game, setting, reset
    }

    public enum Kind: String, Codable, Sendable, CaseIterable {
        case gameCompleted = "game_completed"
        case settingChanged = "setting_changed"
        case statsReset = "stats_reset"
    }

    public var kind: Kind {
        switch payload {
        case .gameCompleted: .gameCompleted
        case .settingChanged: .settingChanged
        case .statsReset: .statsReset
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let payload: Payload
        switch try container.decode(Kind.self, forKey: .type) {
        case .gameCompleted: payload = .gameCompleted(try container.decode(GameCompletion.self, forKey: .game))
        case .settingChanged: payload = .settingChanged(try container.decode(SettingChange.self, forKey: .setting))
        case .statsReset: payload = .statsReset(try container.decode(StatsReset.self, forKey: .reset))
        }
        self.init(
            id: try container.decode(UUID.self, forKey: .id),
            device: try container.decode(DeviceID.self, forKey: .device),
            sequence: try container.decode(Int.self, forKey: .sequence),
            timestamp: try container.decode(Int64.self, forKey: .timestamp),
            payload: payload)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(device, forKey: .device)
        try container.encode(sequence, forKey: .sequence)
        try container.encode(timestamp, forKey: .timestamp)
        try container.encode(kind, forKey: .type)
        switch payload {
        case .gameCompleted(let game): try container.encode(game, forKey: .game)
        case .settingChanged(let change): try container.encode(change, forKey: .setting)
        case .statsReset(let reset): try container.encode(reset, forKey: .reset)
        }
    }
}
