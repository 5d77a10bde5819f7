import Foundation

/// Reads how long a key set may be cached from its `Cache-Control` header.
enum CacheControl {
    /// The key set is refetched no sooner than this even if the header asks for less, so a provider
    /// sending `max-age=0` (or `no-cache`) does not turn every sign-in into a key download.
    static let minimumAge: Double = 60
    /// And kept no longer than this, so rotated-out keys are eventually dropped.
    static let maximumAge: Double = 24 * 60 * 60

    static func maxAge(_ header: String?, default fallback: Double) -> Double {
        guard let header else { return fallback }
        var age: Double?
        for directive in header.split(separator: ",") {
            let parts = directive.split(separator: "=", maxSplits: 1).map { $0.trimmed.lowercased() }
            switch parts.first {
            case "no-store", "no-cache":
                age = 0
            case "max-age":
                if parts.count == 2, let seconds = Double(parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))), seconds >= 0 {
                    age = min(age ?? seconds, seconds)
                }
            default:
                break
            }
        }
        return min(max(age ?? fallback, minimumAge), maximumAge)
    }
}

extension Substring {
    var trimmed: String { String(self).trimmed }
}
