import GameCore
import ParlorServer
import Quortex

/// Builds the link pages' configuration of `parlor serve` from settings:
/// - `app_links`: `TEAMID.bundle.id=app` pairs, comma-separated (app: quortex, party, topdog),
///   the apps `/.well-known/apple-app-site-association` names; unset, it answers 404;
/// - `app_store_urls`: `app=https://apps.apple.com/…` pairs, the store links on the pages.
/// Quortex replays are drawn with its SVG renderer.
extension SettingSources {
    func linkConfiguration() throws(CommandFailure) -> LinkConfiguration {
        do {
            return LinkConfiguration(
                apps: try LinkConfiguration.parseApps(string(nil, .appLinks) ?? ""),
                storeURLs: try LinkConfiguration.parseStoreURLs(string(nil, .appStoreURLs) ?? ""),
                replays: [LinkSettings.quortexReplays])
        } catch {
            throw CommandFailure(.usage, error.message)
        }
    }
}

enum LinkSettings {
    /// Quortex frames without cell names: a replay page shows many small boards.
    static let quortexReplays = ReplayRenderer(gameType: Quortex.gameType.rawValue) { (view: QuortexView) in
        QuortexSVG.render(view, options: QuortexSVG.Options(hexSize: 24, showsCellNames: false))
    }
}
