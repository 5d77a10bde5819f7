import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import ParlorAccounts
import ParlorAPI
import ParlorHTTP
import ParlorPlay

/// The `GET /ws` upgrade route and the server that can perform the upgrade.
///
/// A client may authenticate on the upgrade request itself (`Authorization: Bearer …`): the token
/// is checked before upgrading, and a bad one is answered with a plain `401` error envelope
/// instead of a socket. Without the header the socket opens and its first message must be
/// `authenticate`. Either way `welcome` is the first frame the client receives.
package enum RealtimeRoutes {
    /// Adds the WebSocket route to `router`, which must be the router given to ``serverBuilder(router:configuration:gate:)``.
    package static func register(on router: Router<ParlorRequestContext>, hub: RealtimeHub, gate: RealtimeUpgradeGate) {
        router.ws(
            RouterPath(RealtimeProtocol.path),
            shouldUpgrade: { request, context in
                guard let token = bearerToken(request.headers[.authorization]) else { return .upgrade([:]) }
                do {
                    let user = try await hub.play.authenticate(token: token)
                    gate.accept(user, from: context.remoteAddress)
                    return .upgrade([:])
                } catch {
                    let refusal = (error as? APIError) ?? .unauthorized("invalid access token", code: "invalid_token")
                    gate.refuse(refusal, from: context.remoteAddress)
                    throw refusal
                }
            },
            onUpgrade: { inbound, outbound, context in
                guard let connection = hub.open() else {
                    try await outbound.close(RealtimeClose.shuttingDown.code, reason: RealtimeClose.shuttingDown.reason)
                    return
                }
                let user = gate.takeAccepted(from: context.requestContext.remoteAddress)
                do {
                    try await HeartbeatHandler.install(for: connection, on: context.requestContext.channel)
                } catch {
                    connection.finish()
                    _ = hub.remove(connection)
                    throw error
                }
                let session = RealtimeSession(hub: hub, connection: connection, preauthenticated: user, logger: context.logger)
                try await session.run(inbound: inbound, outbound: outbound)
            }
        )
    }

    /// An HTTP/1 server that also upgrades to WebSocket through `router`, with the channel's
    /// frame limit and heartbeat, and 401 answers for refused upgrades.
    package static func serverBuilder(
        router: Router<ParlorRequestContext>, configuration: RealtimeConfiguration, gate: RealtimeUpgradeGate
    ) -> HTTPServerBuilder {
        .http1WebSocketUpgrade(
            webSocketRouter: router,
            configuration: .init(
                http1: .init(additionalChannelHandlers: [RefusedUpgradeRewriter(gate: gate)]),
                ws: WebSocketServerConfiguration(
                    maxFrameSize: configuration.maxMessageBytes,
                    // The hub's watchdog pings for every socket at once (`HeartbeatHandler`).
                    autoPing: .disabled,
                    closeTimeout: configuration.closeTimeout,
                    validateUTF8: true
                )
            )
        )
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
