import NIOCore
import NIOPosix
import Synchronization

/// A TCP proxy on the loopback that can freeze the connections it carries: bytes are dropped in
/// both directions while the sockets stay open, as on a network path that died silently (a
/// phone leaving Wi-Fi). It can also stall them: it stops reading, so the peers' writes back up
/// as against a server too busy to read. New connections made after either pass normally.
public final class FreezableProxy: Sendable {
    private let server: any Channel
    public let port: Int

    public init(to targetPort: Int) async throws {
        let state = ProxyState()
        server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelOption(.autoRead, value: false)
            .childChannelInitializer { inbound in
                let number = state.open()
                return ClientBootstrap(group: inbound.eventLoop)
                    .connect(host: "127.0.0.1", port: targetPort)
                    .flatMapThrowing { outbound in
                        try inbound.pipeline.syncOperations.addHandler(Relay(to: outbound, number: number, state: state))
                        try outbound.pipeline.syncOperations.addHandler(Relay(to: inbound, number: number, state: state))
                        try inbound.syncOptions?.setOption(.autoRead, value: true)
                    }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        self.state = state
        port = server.localAddress?.port ?? 0
    }

    private let state: ProxyState

    /// Every connection open now goes silent for good.
    public func freezeOpenConnections() { state.freeze() }

    /// Every connection open now stops being read, for good.
    public func stallOpenConnections() { state.stall() }

    public func close() async { try? await server.close() }
}

/// Which connections are frozen or stalled: those numbered below the marks.
private final class ProxyState: Sendable {
    private let counters = Mutex((next: 0, frozenBelow: 0, stalledBelow: 0))

    func open() -> Int { counters.withLock { $0.next += 1; return $0.next - 1 } }
    func freeze() { counters.withLock { $0.frozenBelow = $0.next } }
    func isFrozen(_ number: Int) -> Bool { counters.withLock { number < $0.frozenBelow } }
    func stall() { counters.withLock { $0.stalledBelow = $0.next } }
    func isStalled(_ number: Int) -> Bool { counters.withLock { number < $0.stalledBelow } }
}

/// Copies one side's bytes to the other, unless the connection is frozen; reads no more once it
/// is stalled.
private final class Relay: ChannelDuplexHandler, Sendable {
    typealias InboundIn = ByteBuffer
    typealias OutboundIn = ByteBuffer

    let partner: any Channel
    let number: Int
    let state: ProxyState

    init(to partner: any Channel, number: Int, state: ProxyState) {
        self.partner = partner
        self.number = number
        self.state = state
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !state.isFrozen(number) else { return }
        partner.writeAndFlush(unwrapInboundIn(data), promise: nil)
    }

    func read(context: ChannelHandlerContext) {
        guard !state.isStalled(number) else { return }
        context.read()
    }

    func channelInactive(context: ChannelHandlerContext) {
        // A dead path carries no close either: the other side learns nothing.
        if !state.isFrozen(number) { partner.close(promise: nil) }
        context.fireChannelInactive()
    }
}
