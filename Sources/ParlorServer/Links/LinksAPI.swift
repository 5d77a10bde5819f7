import Foundation
import GameCore
import ParlorAPI
import ParlorDatabase
import ParlorHTTP
import ParlorLinks
import ParlorPlay
import ParlorTopDog

/// The routes of the links that open the apps: the association file and a page for each shared
/// link (``ParlorLink``) for a browser without the app. The pages need no sign-in: a link is
/// sent to people who may not have an account yet, so a page shows only what its link's
/// holder may see (a waiting game's inviter, a tournament's lobby card, a shared replay).
struct LinksAPI: Sendable {
    let database: Database
    let play: PlayServices
    let topDog: TopDogServices
    let engines: GameEngines
    let configuration: LinkConfiguration

    // MARK: apple-app-site-association

    func getAppSiteAssociation(_ input: Operations.GetAppSiteAssociation.Input) async throws -> Operations.GetAppSiteAssociation.Output {
        .ok(.init(body: .json(try association())))
    }

    func getAppSiteAssociationAtRoot(_ input: Operations.GetAppSiteAssociationAtRoot.Input) async throws
        -> Operations.GetAppSiteAssociationAtRoot.Output
    {
        .ok(.init(body: .json(try association())))
    }

    private func association() throws -> Components.Schemas.AppSiteAssociation {
        guard let file = AppSiteAssociation.file(for: configuration.apps) else {
            throw APIError.notFound("no app is associated with this server (app_links is not set)")
        }
        return file
    }

    // MARK: Pages

    func getInvitePage(_ input: Operations.GetInvitePage.Input) async throws -> Operations.GetInvitePage.Output {
        let page = try await InvitePage(links: self).page(for: input.path.code)
        return page.found ? .ok(page.page.response) : .notFound(page.page.response)
    }

    func getTournamentPage(_ input: Operations.GetTournamentPage.Input) async throws -> Operations.GetTournamentPage.Output {
        let page = try await TournamentPage(links: self).page(for: input.path.tournament)
        return page.found ? .ok(page.page.response) : .notFound(page.page.response)
    }

    func getReplayPage(_ input: Operations.GetReplayPage.Input) async throws -> Operations.GetReplayPage.Output {
        switch try await ReplayPage(links: self).page(for: input.path.game) {
        case .shown(let page): .ok(page.response)
        case .private(let page): .forbidden(page.response)
        case .missing(let page): .notFound(page.response)
        }
    }

    /// The app's "open" link and its store page.
    func actions(_ link: ParlorLink, in app: LinkApp) -> LinkPage.Block {
        .actions(open: link.appURL(scheme: app.scheme), store: configuration.storeURLs[app])
    }

    /// The game, or nil when there is none: an unknown id is the page's 404, not an error.
    func game(_ id: UUID) async throws -> LiveGame? {
        do {
            return try await play.games.live(id)
        } catch let error as APIError where error.code == "not_found" {
            return nil
        }
    }
}

/// A page and whether it found what its link names.
struct FoundPage {
    var found: Bool
    var page: LinkPage
}
