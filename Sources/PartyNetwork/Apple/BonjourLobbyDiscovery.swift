// Apple platforms only: Bonjour through Network.framework. This file is not compiled on Linux,
// where this project is built and tested; what it decides (the service type, the TXT record and
// its parsing) lives in `LobbyAdvertisement+TXT.swift`, which is. Checked by reading against
// Apple's NWListener/NWBrowser documentation, not by a compiler.
#if canImport(Network)
import Network

/// `LobbyDiscovery` over Bonjour: the host's `NWListener` advertises `_oneforboys._tcp` with the
/// lobby in its TXT record; joiners' `NWBrowser` lists the services with their TXT records. The
/// joiner then connects to the listener's endpoint with the same handshake as on Linux.
public struct BonjourLobbyDiscovery: LobbyDiscovery {
    public init() {}

    public func advertise(_ advertisements: AsyncStream<LobbyAdvertisement>) async throws {
        var listener: NWListener?
        defer { listener?.cancel() }
        for await advertisement in advertisements {
            let txt = NWTXTRecord(advertisement.txtRecord)
            if listener == nil {
                // Advertising only: the lobby's own TCP listener (PartyHostTransport) takes connections.
                let parameters = NWParameters.tcp
                parameters.includePeerToPeer = true
                let made = try NWListener(using: parameters)
                made.newConnectionHandler = { $0.cancel() }
                made.start(queue: .global())
                listener = made
            }
            listener?.service = NWListener.Service(
                name: advertisement.lobbyID, type: LobbyAdvertisement.bonjourServiceType, txtRecord: txt)
        }
    }

    public func browse() async throws -> AsyncStream<[DiscoveredLobby]> {
        let (lobbies, continuation) = AsyncStream.makeStream(of: [DiscoveredLobby].self, bufferingPolicy: .bufferingNewest(1))
        let parameters = NWParameters()
        parameters.includePeerToPeer = true
        let browser = NWBrowser(for: .bonjourWithTXTRecord(type: LobbyAdvertisement.bonjourServiceType, domain: nil), using: parameters)
        browser.browseResultsChangedHandler = { results, _ in
            let found = results.compactMap { result -> DiscoveredLobby? in
                guard case .bonjour(let txt) = result.metadata, case .service(let name, _, _, _) = result.endpoint,
                    let advertisement = LobbyAdvertisement(txtRecord: txt.dictionary)
                else { return nil }
                // The host's address is resolved when connecting to the service by name.
                return DiscoveredLobby(advertisement: advertisement, address: name)
            }
            continuation.yield(found.sorted { ($0.advertisement.hostName, $0.id) < ($1.advertisement.hostName, $1.id) })
        }
        continuation.onTermination = { _ in browser.cancel() }
        browser.start(queue: .global())
        return lobbies
    }
}
#endif
