#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How every game value (settings, views, actions, records) is written as JSON wherever it
/// leaves a game: snake_case keys, as in the rest of Parlor's contract. Reading accepts snake_case
/// and, for values stored before this convention, camelCase (a key without an underscore is read
/// as it is). The rules' Swift types keep their Swift names.
public enum GameJSON {
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        return encoder
    }

    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return decoder
    }
}
