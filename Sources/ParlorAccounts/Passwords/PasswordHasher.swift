import HummingbirdBcrypt
import NIOPosix
import ParlorHTTP

/// bcrypt, run on NIO's blocking thread pool: a hash at cost 12 takes a few hundred milliseconds
/// of CPU, which must not stall the event loops serving other requests.
struct PasswordHasher: Sendable {
    let cost: UInt8
    /// Verified against when the account does not exist, so an unknown login costs what a wrong
    /// password costs and timing does not reveal which accounts exist.
    private let decoy: String

    init(cost: UInt8) {
        self.cost = cost
        self.decoy = Bcrypt.hash(Secrets.randomToken(), cost: cost)
    }

    func hash(_ password: String) async throws -> String {
        let cost = self.cost
        return try await NIOThreadPool.singleton.runIfActive { Bcrypt.hash(password, cost: cost) }
    }

    /// Checks `password` against `hash`, or burns the same work against the decoy when there is no hash.
    func verify(_ password: String, against hash: String?) async throws -> Bool {
        let target = hash ?? decoy
        let matches = try await NIOThreadPool.singleton.runIfActive { Bcrypt.verify(password, hash: target) }
        return matches && hash != nil
    }
}
