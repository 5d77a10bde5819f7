import Foundation

/// Rounds rating changes to whole points without creating or destroying points.
///
/// Rounding each change on its own can leave a game's changes summing to ±1 (five losers at −3.2
/// each round to −15 against a winner's +16), and ratings would drift over many games. Instead every
/// change is rounded down, and then as many as are needed to bring the sum back to the exact sum
/// (zero for Elo) are rounded up: those with the largest fractional parts first (so no value moves a
/// whole point from its exact value); equal fractions (within 1e-9) go up in order of the lower
/// current rating, then of the lower seat. Deterministic, so every node computes the same result.
enum ZeroSumRounding {
    /// `values` rounded to integers whose sum is the exact sum rounded (0 for Elo changes).
    /// `preferringUp` holds each value's tie-break key (the seat's rating): lower goes up first.
    static func round(_ values: [Double], preferringUp keys: [Int]) -> [Int] {
        guard values.allSatisfy(\.isFinite) else { return Array(repeating: 0, count: values.count) }
        let floors = values.map { $0.rounded(.down) }
        let target = values.reduce(0, +).rounded()
        let units = Int(target - floors.reduce(0, +))
        let fractions = zip(values, floors).map { $0 - $1 }
        let order = values.indices.sorted { a, b in
            if abs(fractions[a] - fractions[b]) > 1e-9 { return fractions[a] > fractions[b] }
            let keyA = a < keys.count ? keys[a] : 0
            let keyB = b < keys.count ? keys[b] : 0
            return keyA != keyB ? keyA < keyB : a < b
        }
        var result = floors.map { Int($0) }
        for index in order.prefix(max(0, min(units, values.count))) { result[index] += 1 }
        return result
    }
}
