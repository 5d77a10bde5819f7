#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What replaying a record of any registered game found.
public struct ReplaySummary: Codable, Hashable, Sendable {
    public var game: GameType
    public var engineVersion: Int
    public var actionCount: Int
    public var outcome: GameOutcome?
}

extension GameRegistry {
    /// The module a JSON `GameRecord` is for, after checking that this build plays its game and
    /// engine version; only the record's `game_type` and `engine_version` fields are read.
    public func module(forRecordJSON data: Data) throws(GameError) -> any GameModule.Type {
        struct Header: Decodable {
            var game: GameType
            var engineVersion: Int
            private enum CodingKeys: String, CodingKey { case game = "game_type", engineVersion = "engine_version" }
        }
        let header = try GameError.decoding(Header.self, from: data)
        try check(header.game, engineVersion: header.engineVersion)
        return try module(for: header.game)
    }

    /// Decodes a JSON `GameRecord` of whichever registered game it names and replays it.
    public func replay(recordJSON data: Data) throws(GameError) -> ReplaySummary {
        try module(forRecordJSON: data).replaySummary(recordJSON: data)
    }
}

extension GameModule {
    /// Decodes and replays a JSON record of this game.
    public static func decodeRecord(_ data: Data) throws(GameError) -> GameRecord<Self> {
        try GameError.decoding(GameRecord<Self>.self, from: data)
    }

    static func replaySummary(recordJSON data: Data) throws(GameError) -> ReplaySummary {
        let record = try decodeRecord(data)
        let state = try record.replay()
        return ReplaySummary(
            game: gameType, engineVersion: engineVersion, actionCount: record.actions.count, outcome: outcome(of: state))
    }
}

extension GameError {
    /// Decodes JSON, turning any failure into `corruptedPayload` that names the offending field.
    public static func decoding<T: Decodable>(_ type: T.Type, from data: Data) throws(GameError) -> T {
        do {
            return try GameJSON.decoder().decode(type, from: data)
        } catch let error as DecodingError {
            throw .corruptedPayload(describe(error))
        } catch {
            throw .corruptedPayload("not valid JSON")
        }
    }

    /// `corruptedPayload` naming what was being decoded and the offending field.
    public static func corrupted(_ error: DecodingError, in what: String) -> GameError {
        .corruptedPayload("\(what): \(describe(error))")
    }

    static func describe(_ error: DecodingError) -> String {
        func path(_ codingPath: [any CodingKey]) -> String {
            let text = codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return text.isEmpty ? "the document" : String(text.drop(while: { $0 == "." }))
        }
        switch error {
        case .keyNotFound(let key, let context):
            let parent = context.codingPath.isEmpty ? "" : " in \(path(context.codingPath))"
            return "missing field \"\(key.stringValue)\"\(parent)"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "wrong type at \(path(context.codingPath)): \(context.debugDescription)"
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty { return "not valid JSON" }
            return "bad value at \(path(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "undecodable data"
        }
    }
}
