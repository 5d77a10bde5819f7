import Foundation
import NIOHTTP1

/// A provider's answer, read in full (the body is already bounded by `ProviderHTTP`).
struct ProviderResponse: Sendable {
    var status: UInt
    var headers: HTTPHeaders
    var body: [UInt8]

    var isSuccess: Bool { (200..<300).contains(status) }
    var isClientError: Bool { (400..<500).contains(status) }

    /// The body as `T`, or nil when it is not that JSON (callers decide whose fault that is).
    func decode<T: Decodable>(_ type: T.Type) -> T? {
        try? JSONDecoder().decode(T.self, from: Data(body))
    }

    func header(_ name: String) -> String? {
        headers.first(name: name)
    }
}
