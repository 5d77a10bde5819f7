import Logging
import NIOCore
import NIOPosix
import ConcurrencyExtras

import class Foundation.JSONDecoder
import class Foundation.JSONEncoder
import struct Foundation.Data

/// Lobby discovery without an mDNS responder: a host broadcasts a small JSON datagram about its
/// lobby every `interval` (and at once on each change) to the local network and to this machine's
/// loopback broadcast address; joiners listen on the same UDP port. A lobby not heard for
/// `expiry` is gone; a host that stops says so in a last datagram.
public struct UDPLobbyDiscovery: LobbyDiscovery {
    /// The default port, shared by every host and joiner on the network.
    public static let defaultPort = 47_800
    /// The service name, as Bonjour would call it; datagrams of anything else are ignored.
    static let service = LobbyAdvertisement.bonjourServiceType
    static let maximumDatagramBytes = 2048

    public var port: Int
    public var interval: Duration
    public var expiry: Duration
    private let logger: Logger

    public init(
        port: Int = Self.defaultPort, interval: Duration = .seconds(1), expiry: Duration = .milliseconds(3500),
        logger: Logger = Logger(label: "parlor.party.discovery")
    ) {
        self.port = port
        self.interval = interval
        self.expiry = expiry
        self.logger = logger
    }

    struct Datagram: Codable {
        var service: String
        var lobby: LobbyAdvertisement
        var gone: Bool?
    }

    typealias UDPChannel = NIOAsyncChannel<AddressedEnvelope<ByteBuffer>, AddressedEnvelope<ByteBuffer>>

    public func advertise(_ advertisements: AsyncStream<LobbyAdvertisement>) async throws {
        let channel = try await DatagramBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelOption(.socketOption(.so_broadcast), value: 1)
            .bind(host: "0.0.0.0", port: 0) { channel in
                channel.eventLoop.makeCompletedFuture { try UDPChannel(wrappingChannelSynchronously: channel) }
            }
        let destinations = broadcastAddresses()
        let latest = LatestAdvertisement()
        try await channel.executeThenClose { _, outbound in
            let announce: @Sendable (_ gone: Bool) async -> Void = { gone in
                guard let lobby = latest.value.withValue({ $0 }),
                    let data = try? JSONEncoder().encode(Datagram(service: Self.service, lobby: lobby, gone: gone ? true : nil))
                else { return }
                for address in destinations {
                    try? await outbound.write(AddressedEnvelope(remoteAddress: address, data: ByteBuffer(bytes: data)))
                }
            }
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await advertisement in advertisements {
                        latest.value.withValue { $0 = advertisement }
                        await announce(false)
                    }
                }
                group.addTask {
                    while (try? await Task.sleep(for: interval)) != nil { await announce(false) }
                }
                await group.next()
                group.cancelAll()
            }
            // On a task of its own: this one may be cancelled, and a cancelled write sends nothing.
            await Task { await announce(true) }.value
        }
    }

    public func browse() async throws -> AsyncStream<[DiscoveredLobby]> {
        let channel = try await DatagramBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelOption(.socketOption(.so_reuseaddr), value: 1)
            .channelOption(.socketOption(.so_broadcast), value: 1)
            .bind(host: "0.0.0.0", port: port) { channel in
                channel.eventLoop.makeCompletedFuture { try UDPChannel(wrappingChannelSynchronously: channel) }
            }
        let (lobbies, continuation) = AsyncStream.makeStream(of: [DiscoveredLobby].self, bufferingPolicy: .bufferingNewest(1))
        let table = LobbyTable(expiry: expiry)
        let listening = Task {
            try? await channel.executeThenClose { inbound, _ in
                await withTaskGroup(of: Void.self) { group in
                    group.addTask {
                        do {
                            for try await envelope in inbound {
                                guard let heard = Self.decode(envelope) else { continue }
                                if let list = table.heard(heard.lobby, gone: heard.gone, now: .now) { continuation.yield(list) }
                            }
                        } catch {}
                    }
                    group.addTask {
                        while (try? await Task.sleep(for: .milliseconds(250))) != nil {
                            if let list = table.expire(now: .now) { continuation.yield(list) }
                        }
                    }
                    await group.next()
                    group.cancelAll()
                }
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in listening.cancel() }
        continuation.yield([])
        return lobbies
    }

    private static func decode(_ envelope: AddressedEnvelope<ByteBuffer>) -> (lobby: DiscoveredLobby, gone: Bool)? {
        guard envelope.data.readableBytes <= maximumDatagramBytes,
            let datagram = try? JSONDecoder().decode(Datagram.self, from: Data(envelope.data.readableBytesView)),
            datagram.service == service, let address = envelope.remoteAddress.ipAddress,
            (1...65_535).contains(datagram.lobby.port), !datagram.lobby.lobbyID.isEmpty
        else { return nil }
        var lobby = datagram.lobby
        lobby.hostName = String(lobby.hostName.prefix(40))
        return (DiscoveredLobby(advertisement: lobby, address: address), datagram.gone ?? false)
    }

    /// Where announcements go: this machine's loopback broadcast, and the broadcast address of
    /// every IPv4 interface that has one.
    private func broadcastAddresses() -> [SocketAddress] {
        var addresses: [SocketAddress] = []
        if let loopback = try? SocketAddress(ipAddress: "127.255.255.255", port: port) { addresses.append(loopback) }
        for device in (try? System.enumerateDevices()) ?? [] {
            guard var broadcast = device.broadcastAddress, case .v4 = broadcast else { continue }
            broadcast.port = port
            if !addresses.contains(broadcast) { addresses.append(broadcast) }
        }
        return addresses
    }
}

/// The lobbies a browser has heard, with when each was last heard.
final class LobbyTable: Sendable {
    private struct Entry {
        var lobby: DiscoveredLobby
        var heard: ContinuousClock.Instant
    }

    private let expiry: Duration
    private let entries = LockIsolated<[String: Entry]>([:])

    init(expiry: Duration) { self.expiry = expiry }

    /// Records an announcement; the new list when it changed what a joiner sees.
    func heard(_ lobby: DiscoveredLobby, gone: Bool, now: ContinuousClock.Instant) -> [DiscoveredLobby]? {
        entries.withValue { entries in
            let before = entries[lobby.id]?.lobby
            if gone {
                entries[lobby.id] = nil
            } else {
                entries[lobby.id] = Entry(lobby: lobby, heard: now)
            }
            return before == entries[lobby.id]?.lobby ? nil : Self.sorted(entries)
        }
    }

    /// Forgets lobbies not heard for the expiry; the new list when any went.
    func expire(now: ContinuousClock.Instant) -> [DiscoveredLobby]? {
        entries.withValue { entries in
            let stale = entries.filter { now - $0.value.heard > expiry }.map(\.key)
            guard !stale.isEmpty else { return nil }
            for key in stale { entries[key] = nil }
            return Self.sorted(entries)
        }
    }

    private static func sorted(_ entries: [String: Entry]) -> [DiscoveredLobby] {
        entries.values.map(\.lobby).sorted { ($0.advertisement.hostName, $0.id) < ($1.advertisement.hostName, $1.id) }
    }
}

/// The advertisement a host announces now, shared by its announcing tasks.
private final class LatestAdvertisement: Sendable {
    let value = LockIsolated<LobbyAdvertisement?>(nil)
}
