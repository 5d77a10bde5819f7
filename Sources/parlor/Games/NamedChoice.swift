import ArgumentParser

import struct Foundation.CharacterSet

/// One of a fixed set of names (`--preset party`); an unknown name is a usage error that lists
/// the known ones.
func namedChoice<Choice: CaseIterable & RawRepresentable>(_ name: some StringProtocol, of what: String) throws -> Choice
where Choice.RawValue == String {
    guard let choice = Choice(rawValue: name.trimmingCharacters(in: .whitespaces)) else {
        let known = Choice.allCases.map(\.rawValue).joined(separator: ", ")
        throw ValidationError("unknown \(what) \"\(name)\"; the \(what)s are \(known)")
    }
    return choice
}

/// A comma-separated list of names (`--bot heuristic,random`); an empty entry is an unknown name.
func namedChoices<Choice: CaseIterable & RawRepresentable>(_ text: String, of what: String) throws -> [Choice]
where Choice.RawValue == String {
    try text.split(separator: ",", omittingEmptySubsequences: false).map { try namedChoice($0, of: what) }
}
