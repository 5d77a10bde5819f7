// iOS only: the seed's primary transport, MultipeerConnectivity. Not compiled on Linux, where
// this project is built and tested; it only moves frames and peer events between MCSession and
// the session (`TransportReceiver`), which decides everything and is tested over TCP and the
// in-memory hub. Checked by reading against Apple's MultipeerConnectivity documentation.
#if canImport(MultipeerConnectivity)
import Foundation
import GameSession
import MultipeerConnectivity
import ConcurrencyExtras

/// A `GameTransport` over an `MCSession` with encryption required (MultipeerConnectivity's own
/// DTLS), so frames between devices are encrypted and authenticated without `PartyLink`.
public final class MultipeerTransport: NSObject, GameTransport, MCSessionDelegate, @unchecked Sendable {
    public let localPeer: PeerID
    private let me: MCPeerID
    private let session: MCSession
    private let peers = LockIsolated<[PeerID: MCPeerID]>([:])
    private let receiver = LockIsolated<(any TransportReceiver)?>(nil)

    /// `displayName` is the device's player name; MultipeerConnectivity shows it to others.
    public init(displayName: String) {
        me = MCPeerID(displayName: displayName)
        localPeer = PeerID(me.displayName + "#" + String(me.hash))
        session = MCSession(peer: me, securityIdentity: nil, encryptionPreference: .required)
        super.init()
        session.delegate = self
    }

    /// Delivers frames and peer events to `receiver` (the `SessionHost` or `SessionClient`).
    public func attach(_ receiver: any TransportReceiver) { self.receiver.withValue { $0 = receiver } }

    public var mcSession: MCSession { session }

    public func send(_ frame: Data, to peer: PeerID) async {
        guard let target = peers.withValue({ $0[peer] }) else { return }
        try? session.send(frame, toPeers: [target], with: .reliable)
    }

    private func id(of peer: MCPeerID) -> PeerID {
        let id = PeerID(peer.displayName + "#" + String(peer.hash))
        peers.withValue { $0[id] = peer }
        return id
    }

    public func session(_ session: MCSession, peer peerID: MCPeerID, didChange state: MCSessionState) {
        let peer = id(of: peerID)
        guard let receiver = receiver.withValue({ $0 }) else { return }
        switch state {
        case .connected: Task { await receiver.connected(peer) }
        case .notConnected: Task { await receiver.disconnected(peer) }
        case .connecting: break
        @unknown default: break
        }
    }

    /// Each frame is handed over on a task of its own, so frames may arrive out of order; the
    /// session protocol numbers its states and copes (see `GameTransport`).
    public func session(_ session: MCSession, didReceive data: Data, fromPeer peerID: MCPeerID) {
        let peer = id(of: peerID)
        guard let receiver = receiver.withValue({ $0 }) else { return }
        Task { await receiver.received(data, from: peer) }
    }

    public func session(_ session: MCSession, didReceive stream: InputStream, withName streamName: String, fromPeer peerID: MCPeerID) {}
    public func session(
        _ session: MCSession, didStartReceivingResourceWithName resourceName: String, fromPeer peerID: MCPeerID, with progress: Progress
    ) {}
    public func session(
        _ session: MCSession, didFinishReceivingResourceWithName resourceName: String, fromPeer peerID: MCPeerID, at localURL: URL?,
        withError error: (any Error)?
    ) {}
}
#endif
