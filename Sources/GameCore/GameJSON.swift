#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How every game value (settings, views, actions, records) is written as JSON wherever it
/// leaves a game: as the types code themselves, and the registered games name every key in
/// snake_case (`CodingKeys`), as the rest of Parlor's contract does (each game's `WireJSONTests`
/// holds it to that).
///
/// No key strategy: a view is encoded once per receiver per move, and a converting strategy does
/// string work for every key of it; a game module's own keys also stay its own. Keys sorted: left
/// to itself Foundation writes them in its dictionary's order, which differs from one encoding of
/// the same value to the next, and a game's bytes should be a function of the game.
public enum GameJSON {
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }
    public static func decoder() -> JSONDecoder { JSONDecoder() }

    /// The keys of `json`, at any depth, that break the convention (have a capital letter), for a
    /// game module's tests to hold its values to it.
    public static func keysBreakingConvention(in json: Data) throws -> Set<String> {
        func keys(_ value: JSONValue) -> [String] {
            switch value {
            case .object(let object): object.keys + object.values.flatMap(keys)
            case .array(let array): array.flatMap(keys)
            default: []
            }
        }
        return Set(keys(try JSONDecoder().decode(JSONValue.self, from: json)).filter { $0.contains(where: \.isUppercase) })
    }
}
