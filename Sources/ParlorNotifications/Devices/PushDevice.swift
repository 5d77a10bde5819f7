import ApplePush
import Foundation

/// A device's APNs token as the app registered it.
package struct PushDevice: Sendable, Equatable {
    /// An alert token reaches the app; a Live Activity token reaches one activity of it.
    package enum Kind: String, Sendable, CaseIterable {
        case alert
        case liveActivity = "live_activity"
    }

    /// Lowercase hex.
    package var token: String
    package var user: String
    package var environment: APNsEnvironment
    package var bundleID: String
    package var kind: Kind
    /// The activity a Live Activity token belongs to (TopDog: the draft room's id).
    package var activityID: String?
    package var registeredAt: Int64

    /// The APNs topic: the bundle id, with `.push-type.liveactivity` for a Live Activity.
    package var topic: String { kind == .liveActivity ? bundleID + ".push-type.liveactivity" : bundleID }
}

/// What a registration must look like before it is stored.
package enum DeviceRegistrationRules {
    static var bundleID: Regex<(Substring, Substring)> { /^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/ }
    static var activityID: Regex<Substring> { /^[A-Za-z0-9._:-]{1,128}$/ }

    /// The device to store, or the fields that are wrong.
    package static func device(
        token: String, environment: String, bundleID: String, kind: String, activityID: String?, user: String, at time: Int64,
        allowedBundles: Set<String>
    ) throws(FieldProblems) -> PushDevice {
        var problems: [(String, String)] = []
        let hex = token.lowercased()
        if !(64...200).contains(hex.count) || !hex.allSatisfy(\.isHexDigit) || hex.count % 2 != 0 {
            problems.append(("token", "must be the device token in hex, 64 to 200 digits"))
        }
        let environment = APNsEnvironment(rawValue: environment)
        if environment == nil { problems.append(("environment", "must be sandbox or production")) }
        if bundleID.count > 155 || bundleID.wholeMatch(of: Self.bundleID) == nil {
            problems.append(("bundle_id", "must be an app's bundle id, such as com.quortex.app"))
        } else if !allowedBundles.contains(bundleID) {
            problems.append(("bundle_id", "is not an app of this server (\(allowedBundles.sorted().joined(separator: ", ")))"))
        }
        let kind = PushDevice.Kind(rawValue: kind)
        if kind == nil { problems.append(("kind", "must be alert or live_activity")) }
        switch (kind, activityID) {
        case (.liveActivity, nil): problems.append(("activity_id", "is required for a Live Activity token"))
        case (.liveActivity, let id?) where id.wholeMatch(of: Self.activityID) == nil:
            problems.append(("activity_id", "must be 1 to 128 letters, digits or . _ : -"))
        case (.alert, _?): problems.append(("activity_id", "belongs only to a Live Activity token"))
        default: break
        }
        guard problems.isEmpty, let environment, let kind else { throw FieldProblems(problems) }
        return PushDevice(
            token: hex, user: user, environment: environment, bundleID: bundleID, kind: kind, activityID: activityID, registeredAt: time)
    }
}

/// Fields of a request that are wrong, each with why.
package struct FieldProblems: Error, Sendable {
    package var fields: [(field: String, message: String)]

    init(_ fields: [(String, String)]) { self.fields = fields.map { (field: $0.0, message: $0.1) } }
}
