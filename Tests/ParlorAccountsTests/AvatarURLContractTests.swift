import Foundation
@testable import ParlorAccounts
import Testing
import TestSupport

/// The contract's pattern for `avatar_url` and the server's check accept exactly the same strings,
/// so a client that follows the document is never refused (the contract fuzzer once found
/// `https://x\u{85}y.com/`, which the old pattern's `\s` let through and the server refused).
@Suite struct AvatarURLContractTests {
    static let samples: [String] = [
        "https://cdn.example.com/x.png", "https://x\u{85}y.com/", "https://x\u{A0}y.com/", "https://x y.com/", "https://xn--bcher-kva.example/a",
        "https://bücher.example/a", "https://example.com/a b", "https://example.com/a\u{2028}b", "https://example.com/<script>",
        "https://example.com/\"q\"", "https://user@example.com/", "https://example.com/@me", "https://[::1]:8443/a?b=c&d=%20#frag",
        "https://", "https:///path", "http://example.com/a.png", "HTTPS://example.com/", "https://example.com", "https://example.com?x",
        "https://example.com/a|b", "https://example.com/a\\b", "https://example.com/a^b", "https://example.com/\u{0}",
        "https://graph.facebook.com/v19.0/123/picture?type=large&redirect=false", "https://" + String(repeating: "a", count: 492),
        "https://" + String(repeating: "a", count: 493),
    ]

    @Test func theDocumentAndTheCheckAgree() throws {
        let pattern = try Self.documentPattern()
        let regex = try NSRegularExpression(pattern: pattern)
        for sample in Self.samples {
            let range = NSRange(sample.startIndex..., in: sample)
            let documentAccepts = regex.firstMatch(in: sample, range: range) != nil && sample.unicodeScalars.count <= 500
            let serverAccepts = AccountRules.avatarURLProblem(sample) == nil
            #expect(documentAccepts == serverAccepts, "\(sample.debugDescription): document \(documentAccepts), server \(serverAccepts)")
        }
        #expect(AccountRules.avatarURLProblem("https://cdn.example.com/x.png") == nil)
        #expect(AccountRules.avatarURLProblem("https://x\u{85}y.com/") != nil)
        #expect(AccountRules.avatarURLProblem("https://" + String(repeating: "a", count: 493)) != nil, "501 characters")
    }

    /// `avatar_url`'s pattern in the profile update schema of `openapi.yaml`, unquoted.
    static func documentPattern() throws -> String {
        let document = try String(contentsOf: repositoryRoot().appendingPathComponent("openapi.yaml"), encoding: .utf8)
        let line = try #require(document.split(separator: "\n").first { $0.contains("avatar_url: {") && $0.contains("pattern:") })
        let start = try #require(line.range(of: "pattern: '"))
        let quoted = line[start.upperBound...]
        // A YAML single-quoted string ends at a quote that is not doubled.
        var pattern = ""
        var index = quoted.startIndex
        while index < quoted.endIndex {
            let next = quoted.index(after: index)
            if quoted[index] == "'" {
                guard next < quoted.endIndex, quoted[next] == "'" else { break }
                pattern.append("'")
                index = quoted.index(after: next)
            } else {
                pattern.append(quoted[index])
                index = next
            }
        }
        return pattern
    }
}
