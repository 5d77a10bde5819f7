import AppFoundation
import Dependencies
import Foundation
import ParlorClient
import PubGamesFeature
import Testing

@MainActor
@Suite struct CatalogueModelTests {
    static let trivia = MiniAppCard(id: "trivia", name: "Trivia Night", summary: "Pub quiz", iconURL: nil, category: "Quiz")
    static let darts = MiniAppCard(id: "darts", name: "Darts", summary: "501", iconURL: nil, category: "Classics")
    static let bingo = MiniAppCard(id: "bingo", name: "bingo", summary: "Bingo", iconURL: nil, category: "Classics")

    func model(list: Result<[MiniAppCard], ParlorError>, launch: Result<URL, ParlorError> = .failure(.init(kind: .notFound, code: "not_found", message: "no such app", status: 404))) -> CatalogueModel {
        withDependencies {
            $0.miniApps = MiniAppsClient(list: { () async throws(ParlorError) -> [MiniAppCard] in try list.get() }, launch: { _ throws(ParlorError) in try launch.get() })
        } operation: { CatalogueModel() }
    }

    @Test func loadingThenSectionsByCategory() async {
        let model = model(list: .success([Self.trivia, Self.darts, Self.bingo]))
        #expect(model.content == .loading)
        await model.load()
        guard case .loaded(let sections) = model.content else {
            Issue.record("not loaded: \(model.content)")
            return
        }
        #expect(sections.map(\.category) == ["Classics", "Quiz"])
        #expect(sections[0].apps.map(\.id) == ["bingo", "darts"])
    }

    @Test func anEmptyCatalogueSaysSo() async {
        let model = model(list: .success([]))
        await model.load()
        #expect(model.content == .empty)
    }

    @Test func aFailedLoadShowsTheTypedError() async {
        let expired = ParlorError(kind: .sessionExpired, code: "session_ended", message: "the session ended", status: 401)
        let model = model(list: .failure(expired))
        await model.load()
        #expect(model.content == .failed(ErrorPresentation(expired)))
        #expect(ErrorPresentation(expired).recovery == .signInAgain)
    }

    @Test func openingAnAppHandsTheLaunchURLOrSaysWhyNot() async throws {
        let url = try #require(URL(string: "https://trivia.example/launch?code=one-time"))
        let opens = model(list: .success([Self.trivia]), launch: .success(url))
        await opens.open("trivia")
        #expect(opens.launchURL == url)
        #expect(opens.opening == nil)

        let refused = model(list: .success([Self.trivia]))
        await refused.open("gone")
        #expect(refused.launchURL == nil)
        #expect(refused.launchError?.title == "Not found")
        refused.dismissLaunchError()
        #expect(refused.launchError == nil)
    }
}
