import Dependencies
import DependenciesTestSupport
import Foundation
import Testing

extension Trait where Self == _DependenciesTrait {
    /// For the tests against the real thing (a server, TCP): the real clock, ids and time, which a
    /// test otherwise must set itself (an unset one fails the test).
    public static var liveEffects: Self {
        .dependencies {
            $0.continuousClock = ContinuousClock()
            $0.uuid = UUIDGenerator { UUID() }
            $0.date = DateGenerator { Date() }
        }
    }
}
