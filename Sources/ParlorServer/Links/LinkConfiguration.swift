import Foundation
import ParlorLinks

/// What the link pages and `apple-app-site-association` say about the apps: which apps open this
/// server's links, where each is in the App Store, and which games have replay pictures.
///
/// Empty by default: no association file (404), no store links, no replays.
public struct LinkConfiguration: Sendable {
    /// One app in the association file: `TEAMID.bundle.id` and which app it is, which gives the
    /// link paths it opens (``LinkApp/kinds``) and its custom scheme.
    public struct AssociatedApp: Sendable, Equatable {
        public var appID: String
        public var app: LinkApp

        public init(appID: String, app: LinkApp) {
            self.appID = appID
            self.app = app
        }
    }

    public var apps: [AssociatedApp]
    /// Each app's App Store page; an app without one gets no store link on its pages.
    public var storeURLs: [LinkApp: URL]
    /// The games whose replays can be drawn; a finished game of another says so.
    public var replays: [ReplayRenderer]

    public init(apps: [AssociatedApp] = [], storeURLs: [LinkApp: URL] = [:], replays: [ReplayRenderer] = []) {
        self.apps = apps
        self.storeURLs = storeURLs
        self.replays = replays
    }

    func replayRenderer(for gameType: String) -> ReplayRenderer? {
        replays.last { $0.gameType == gameType }
    }
}

/// Draws one frame of a replay: a game's spectator view as an SVG document. The server knows no
/// game, so whoever assembles it hands in the drawing for each game that has one.
public struct ReplayRenderer: Sendable {
    public let gameType: String
    private let draw: @Sendable (any Encodable & Sendable) -> String?

    /// `draw` gets the view the game's engine makes for a spectator; a view of another type
    /// (a wrong registration) draws nothing and the page says the replay is not available.
    public init<View>(gameType: String, _ draw: @escaping @Sendable (View) -> String) {
        self.gameType = gameType
        self.draw = { view in (view as? View).map(draw) }
    }

    func svg(of view: any Encodable & Sendable) -> String? { draw(view) }
}
