import struct Foundation.Data

/// Moves frames between peers. MultipeerConnectivity on Apple devices, `InMemoryTransportHub`
/// in tests; the session never knows which. Delivery may be lossy, duplicated or reordered: the
/// session protocol copes with all three.
public protocol GameTransport: Sendable {
    /// This device's peer.
    var localPeer: PeerID { get }
    /// Sends one frame; a frame to a peer that is gone is dropped.
    func send(_ frame: Data, to peer: PeerID) async
}

/// What a transport reports to the session that owns it.
public protocol TransportReceiver: Actor {
    func received(_ frame: Data, from peer: PeerID) async
    func connected(_ peer: PeerID) async
    func disconnected(_ peer: PeerID) async
    /// The link to `peer` was refused before any session frame could pass (a wrong passcode at a
    /// transport that checks it, say); `reason` is for the person.
    func refused(_ reason: String, by peer: PeerID) async
}

extension TransportReceiver {
    public func refused(_ reason: String, by peer: PeerID) async {}
}

/// A session endpoint: it receives frames and is ticked regularly to send heartbeats, resend
/// what was lost and apply timeouts. Production code ticks it from a timer (`runTicks`); tests
/// tick it from the in-memory hub's virtual time.
public protocol SessionPeer: TransportReceiver {
    func tick() async
}

extension SessionPeer {
    /// Ticks every `interval` until the task is cancelled.
    public func runTicks(every interval: Duration = .milliseconds(250)) async {
        while !Task.isCancelled {
            do {
                try await Task.sleep(for: interval)
            } catch {
                return
            }
            await tick()
        }
    }
}
