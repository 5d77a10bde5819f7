import Foundation
import Logging
import ServiceLifecycle

/// A password reset for a known account with an address, waiting to be made and mailed.
struct ResetRequest: Sendable {
    var userID: String
    var email: String
    /// The account's language, which picks the mail's.
    var locale: String?
}

/// Makes and mails password resets off the request path, one at a time, in the order asked.
///
/// `POST /auth/password/forgot` does the same work whether or not the account exists (check,
/// limit, look up) and hands a known account's reset to this service, so neither its answer nor
/// its timing tells who has an account. A graceful shutdown mails what is already queued.
package struct ResetMailService: Service {
    let requests: AsyncStream<ResetRequest>
    let finish: @Sendable () -> Void
    let mail: @Sendable (ResetRequest) async -> Void

    package func run() async throws {
        await withGracefulShutdownHandler {
            for await request in requests { await mail(request) }
        } onGracefulShutdown: {
            finish()
        }
    }
}

/// The queue between the requests and ``ResetMailService``.
struct ResetQueue: Sendable {
    let requests: AsyncStream<ResetRequest>
    let continuation: AsyncStream<ResetRequest>.Continuation

    init() { (requests, continuation) = AsyncStream.makeStream(of: ResetRequest.self) }
}
