// The part of GameKit Quortex's Game Center client uses: the local player's sign-in, scores,
// achievements and the access point.

// Apple's GameKit re-exports UIKit on iOS; the one UIKit type its declarations here name.
// https://developer.apple.com/documentation/uikit/uiviewcontroller
@MainActor open class UIViewController: NSObject {}

// https://developer.apple.com/documentation/gamekit/gkbaseplayer
open class GKBasePlayer: NSObject {
    // https://developer.apple.com/documentation/gamekit/gkbaseplayer/displayname
    open var displayName: String { fatalError() }
}

// https://developer.apple.com/documentation/gamekit/gkplayer
open class GKPlayer: GKBasePlayer {
    // https://developer.apple.com/documentation/gamekit/gkplayer/teamplayerid
    open var teamPlayerID: String { fatalError() }
}

// https://developer.apple.com/documentation/gamekit/gklocalplayer
open class GKLocalPlayer: GKPlayer {
    // https://developer.apple.com/documentation/gamekit/gklocalplayer/local
    open class var local: GKLocalPlayer { fatalError() }
    // https://developer.apple.com/documentation/gamekit/gkplayer/isauthenticated (GKLocalPlayer's)
    open var isAuthenticated: Bool { fatalError() }
    // https://developer.apple.com/documentation/gamekit/gklocalplayer/authenticatehandler
    open var authenticateHandler: ((UIViewController?, (any Error)?) -> Void)? {
        get { fatalError() }
        set { fatalError() }
    }
    // https://developer.apple.com/documentation/gamekit/gklocalplayer/fetchitems(foridentityverificationsignature:)
    open func fetchItemsForIdentityVerificationSignature() async throws -> (URL, Data, Data, UInt64) { fatalError() }
}

// https://developer.apple.com/documentation/gamekit/gkleaderboard
open class GKLeaderboard: NSObject {
    // https://developer.apple.com/documentation/gamekit/gkleaderboard/submitscore(_:context:player:leaderboardids:completionhandler:)
    open class func submitScore(_ score: Int, context: Int, player: GKPlayer, leaderboardIDs: [String]) async throws { fatalError() }
}

// https://developer.apple.com/documentation/gamekit/gkachievement
open class GKAchievement: NSObject {
    // https://developer.apple.com/documentation/gamekit/gkachievement/init(identifier:)
    public init(identifier: String?) { fatalError() }
    // https://developer.apple.com/documentation/gamekit/gkachievement/percentcomplete
    open var percentComplete: Double {
        get { fatalError() }
        set { fatalError() }
    }
    // https://developer.apple.com/documentation/gamekit/gkachievement/showscompletionbanner
    open var showsCompletionBanner: Bool {
        get { fatalError() }
        set { fatalError() }
    }
    // https://developer.apple.com/documentation/gamekit/gkachievement/report(_:withcompletionhandler:)
    open class func report(_ achievements: [GKAchievement]) async throws { fatalError() }
}

// https://developer.apple.com/documentation/gamekit/gkaccesspoint
open class GKAccessPoint: NSObject {
    // https://developer.apple.com/documentation/gamekit/gkaccesspoint/location-swift.enum
    public enum Location: Int, @unchecked Sendable {
        case topLeading = 0
        case topTrailing = 1
        case bottomLeading = 2
        case bottomTrailing = 3
    }

    // https://developer.apple.com/documentation/gamekit/gkaccesspoint/shared
    open class var shared: GKAccessPoint { fatalError() }
    // https://developer.apple.com/documentation/gamekit/gkaccesspoint/isactive
    open var isActive: Bool {
        get { fatalError() }
        set { fatalError() }
    }
    // https://developer.apple.com/documentation/gamekit/gkaccesspoint/location-swift.property
    open var location: GKAccessPoint.Location {
        get { fatalError() }
        set { fatalError() }
    }
}
