/// An app version `major.minor.patch`. Peers compare versions before playing together so that
/// two builds with different wire or rule schemas refuse each other instead of desyncing.
public struct SemanticVersion: Comparable, Hashable, Sendable, CustomStringConvertible {
    public var major: Int
    public var minor: Int
    public var patch: Int

    public init(major: Int, minor: Int, patch: Int) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    /// Parses `1.4.2`; nil for anything else (missing parts, signs, letters, pre-release tags).
    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        var numbers: [Int] = []
        for part in parts {
            guard !part.isEmpty, part.count <= 9, part.allSatisfy(\.isASCIIDigit), let number = Int(part) else {
                return nil
            }
            numbers.append(number)
        }
        self.init(major: numbers[0], minor: numbers[1], patch: numbers[2])
    }

    /// Same major version (and, before 1.0, the same minor): the rule semver gives for "no
    /// breaking change between them".
    public func isCompatible(with other: SemanticVersion) -> Bool {
        major == other.major && (major > 0 || minor == other.minor)
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
    }

    public var description: String { "\(major).\(minor).\(patch)" }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
