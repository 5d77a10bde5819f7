import Foundation
import Testing

/// The stand-in keeps its own rule: every declaration names the Apple page it was copied from.
@Suite struct StandInTests {
    static let files = ShellLayout.standInModules.flatMap { ShellLayout.swiftFiles(in: ShellLayout.standIn.appendingPathComponent($0)) }
        .map(ShellLayout.relative)

    /// Lines that are conformance plumbing rather than API a view calls: a primitive view's
    /// `Body == Never`, a raw value's storage.
    static let plumbing = ["typealias Body = Never", "var body: Never", "let rawValue", "init(rawValue: "]

    @Test("each stand-in declaration cites Apple's page", arguments: files)
    func citesItsPage(file: String) throws {
        let lines = try String(contentsOf: ShellLayout.root.appendingPathComponent(file), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        let declaration = try Regex(
            #"^(@\w+(\([^)]*\))?\s+)*((public|open|nonisolated|static|mutating|required|final)\s+)*"#
                + #"(func|var|let|init|struct|class|protocol|enum|subscript|extension|associatedtype|typealias)\b"#)
        var uncited: [String] = []
        for (index, line) in lines.enumerated() where line.firstMatch(of: declaration) != nil {
            if Self.plumbing.contains(where: line.contains) || Self.isPlainExtension(line) { continue }
            if !isCited(above: index, in: lines) { uncited.append("\(index + 1): \(line)") }
        }
        #expect(uncited.isEmpty, "\(file) has declarations without a developer.apple.com page:\n\(uncited.joined(separator: "\n"))")
    }

    /// `extension View {` or `extension Button where Label == Text {` declares nothing itself
    /// (its members are cited); `extension Never: View` declares a conformance and is cited.
    static func isPlainExtension(_ line: String) -> Bool {
        guard line.hasPrefix("extension ") else { return false }
        let head = line.components(separatedBy: " where ")[0].components(separatedBy: "{")[0]
        return !head.contains(":")
    }

    /// The comment lines just above a declaration (past its attribute lines) name a page.
    private func isCited(above index: Int, in lines: [String]) -> Bool {
        var line = index - 1
        while line >= 0, lines[line].hasPrefix("@") { line -= 1 }
        while line >= 0, lines[line].hasPrefix("//") {
            if lines[line].contains("https://developer.apple.com/documentation/") { return true }
            line -= 1
        }
        return false
    }
}
