import Foundation
import HummingbirdTesting
import Logging
import ParlorClient
import ServerTestSupport
import TestSupport

extension OnlinePlayServer {
    /// `guest` on `/ws` through the SDK's real-time connection.
    func connect(_ guest: Guest) async throws -> RealtimeConnection {
        guard let port = client.port, let url = URL(string: "ws://127.0.0.1:\(port)/ws") else { throw TestSetupError("no port") }
        var logger = Logger(label: "test.realtime")
        logger.logLevel = .critical
        let token = guest.token
        return await RealtimeConnection.connect(
            configuration: RealtimeConnectionConfiguration(
                url: url, accessToken: { token }, reconnectDelay: { _ in .milliseconds(50) }, logger: logger))
    }
}
