import AppFoundation
import Dependencies
import Foundation
import Observation
import ParlorClient

/// The catalogue screen: the enabled mini apps by category, and opening one signed in (the
/// server hands a URL with a one-time code the app's backend exchanges; no token in a URL).
@MainActor @Observable
public final class CatalogueModel {
    public enum Content: Equatable, Sendable {
        case loading
        case empty
        case failed(ErrorPresentation)
        case loaded([Section])
    }

    public struct Section: Equatable, Sendable, Identifiable {
        public let category: String
        public let apps: [MiniAppCard]
        public var id: String { category }
    }

    public private(set) var content: Content = .loading
    /// The page to open (in the in-app browser), set by ``open(_:)``; the view clears it when shown.
    public var launchURL: URL?
    /// Why the last open failed; the catalogue stays as it was.
    public private(set) var launchError: ErrorPresentation?
    public private(set) var opening: String?

    @ObservationIgnored @Dependency(\.miniApps) private var client

    public init() {}

    public func load() async {
        if case .loaded = content {} else { content = .loading }
        do {
            let apps = try await client.list()
            content = apps.isEmpty ? .empty : .loaded(Self.sections(apps))
        } catch {
            content = .failed(ErrorPresentation(error))
        }
    }

    public func open(_ appID: String) async {
        guard opening == nil else { return }
        opening = appID
        defer { opening = nil }
        launchError = nil
        do {
            launchURL = try await client.launch(appID)
        } catch {
            launchError = ErrorPresentation(error)
        }
    }

    public func dismissLaunchError() { launchError = nil }

    /// Categories in name order, apps by name within each (the server's order, kept stable here).
    static func sections(_ apps: [MiniAppCard]) -> [Section] {
        Dictionary(grouping: apps, by: \.category)
            .map { Section(category: $0.key, apps: $0.value.sorted { $0.name.localizedStandardCompare($1.name) == .orderedAscending }) }
            .sorted { $0.category.localizedStandardCompare($1.category) == .orderedAscending }
    }
}
