import Foundation
import GameCore

/// The profile file's contents: `{"schemaVersion": 2, "profile": {...}}`. The version sits outside
/// the profile so that a build can tell, before decoding anything else, whether it may read or
/// rewrite the file at all.
struct ProfileDocument: Codable, Sendable {
    /// Version history:
    /// - 1: the first release wrote the profile object itself at the top level, with no version.
    /// - 2: the profile inside this envelope, with `schemaVersion`.
    static let currentSchemaVersion = 2

    var schemaVersion: Int
    var profile: PlayerProfile

    init(profile: PlayerProfile) {
        self.schemaVersion = Self.currentSchemaVersion
        self.profile = profile
    }

    /// Why stored bytes cannot be used; the caller adds where they came from.
    enum Problem: Error {
        case corrupt(String)
        case newer(Int)
    }

    /// Sorted keys and a stable layout: the same profile always gives the same bytes.
    func encoded() throws(ProfileError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            return try encoder.encode(self)
        } catch {
            // Only a non-finite number could fail here, and a profile holds none.
            throw .invalidField(field: "profile", reason: "cannot be encoded: \(error)")
        }
    }

    /// Decodes stored bytes of any schema version this build knows, migrating older ones.
    /// Returns the document and the schema version the bytes were written with.
    static func decode(_ data: Data) throws(Problem) -> (document: ProfileDocument, storedVersion: Int) {
        struct Header: Decodable { var schemaVersion: Int? }
        let storedVersion = try decoding(Header.self, from: data).schemaVersion ?? 1
        guard storedVersion <= currentSchemaVersion else { throw .newer(storedVersion) }
        guard storedVersion >= 1 else { throw .corrupt("unknown schema version \(storedVersion)") }
        var migrated = data
        for version in storedVersion..<currentSchemaVersion {
            migrated = try migrate(migrated, from: version)
        }
        return (try decoding(ProfileDocument.self, from: migrated), storedVersion)
    }

    /// One migration step, from `version` to `version + 1`, on the bytes. To change the file's
    /// shape: raise `currentSchemaVersion`, add its case here and a line to the history.
    private static func migrate(_ data: Data, from version: Int) throws(Problem) -> Data {
        switch version {
        case 1:
            // 1 → 2: wrap the bare profile in the envelope.
            var document = ProfileDocument(profile: try decoding(PlayerProfile.self, from: data))
            document.schemaVersion = 2
            do {
                return try document.encoded()
            } catch {
                throw .corrupt(error.message)
            }
        default:
            throw .corrupt("no migration from schema version \(version)")
        }
    }

    private static func decoding<T: Decodable>(_ type: T.Type, from data: Data) throws(Problem) -> T {
        do {
            return try GameError.decoding(type, from: data)
        } catch {
            // GameError's message names the missing or mistyped field, e.g. `profile.username`.
            throw .corrupt(error.message)
        }
    }
}
