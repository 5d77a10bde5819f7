import ParlorAPI
import ParlorLinks

/// Apple's associated-domains file for this server: each configured app with the shared link
/// paths it opens (the `components` form), and the same apps for shared web credentials.
enum AppSiteAssociation {
    /// Nil when no app is configured: there is nothing to associate.
    static func file(for apps: [LinkConfiguration.AssociatedApp]) -> Components.Schemas.AppSiteAssociation? {
        guard !apps.isEmpty else { return nil }
        let details = apps.map { app in
            Components.Schemas.AppSiteAssociation.ApplinksPayload.DetailsPayloadPayload(
                appIDs: [app.appID],
                components: app.app.kinds.map { kind in .init(_sol_: kind.pathPattern, comment: comment(kind)) })
        }
        return .init(applinks: .init(details: details), webcredentials: .init(apps: apps.map(\.appID)))
    }

    private static func comment(_ kind: ParlorLink.Kind) -> String {
        switch kind {
        case .invite: "an invite code"
        case .tournament: "a TopDog tournament"
        case .replay: "a finished game's replay"
        }
    }
}
