import Foundation
import HummingbirdCore

/// The server that also serves the real-time WebSocket at `GET /ws`.
///
/// A client may authenticate on the upgrade request itself (`Authorization: Bearer …`): the token
/// is checked before upgrading, and a bad one is answered with a plain `401` error envelope
/// instead of a socket. Without the header the socket opens and its first message must be
/// `authenticate`. Either way `welcome` is the first frame the client receives.
package enum RealtimeRoutes {
    /// An HTTP/1 server for the application's router that upgrades `/ws` to `hub`'s sockets.
    package static func serverBuilder(hub: RealtimeHub, http1: HTTP1Channel.Configuration = .init()) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in RealtimeServerChannel(responder: responder, hub: hub, http1: http1) }
    }

    /// The token of an `Authorization: Bearer …` header; another scheme counts as no header, so
    /// the client can still authenticate with its first message.
    static func bearerToken(_ authorization: String?) -> String? {
        guard let authorization else { return nil }
        let parts = authorization.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        return token.isEmpty ? nil : token
    }
}
