import AppFoundation
import Dependencies
import Foundation
import ParlorAPI
import ParlorClient

/// One mini app as the catalogue shows it.
public struct MiniAppCard: Equatable, Sendable, Identifiable {
    public let id: String
    public let name: String
    public let summary: String
    public let iconURL: URL?
    public let category: String

    public init(id: String, name: String, summary: String, iconURL: URL?, category: String) {
        self.id = id
        self.name = name
        self.summary = summary
        self.iconURL = iconURL
        self.category = category
    }
}

/// The catalogue's outside effects: the list, and a launch URL carrying a one-time code.
public struct MiniAppsClient: Sendable {
    public var list: @Sendable () async throws(ParlorError) -> [MiniAppCard]
    public var launch: @Sendable (_ appID: String) async throws(ParlorError) -> URL

    public init(
        list: @escaping @Sendable () async throws(ParlorError) -> [MiniAppCard],
        launch: @escaping @Sendable (_ appID: String) async throws(ParlorError) -> URL
    ) {
        self.list = list
        self.launch = launch
    }

    public static func live(_ client: ParlorClient) -> MiniAppsClient {
        MiniAppsClient(
            list: { () async throws(ParlorError) -> [MiniAppCard] in
                try await parlorCall { try await client.api.listMiniApps().ok.body.json }.apps.map { app in
                    MiniAppCard(id: app.id, name: app.name, summary: app.description, iconURL: URL(string: app.iconUrl), category: app.category)
                }
            },
            launch: { id throws(ParlorError) in
                let launch = try await parlorCall { try await client.api.launchMiniApp(path: .init(id: id), body: .json(.init())).ok.body.json }
                guard let url = URL(string: launch.url), url.scheme == "https" || url.scheme == "http" else {
                    throw ParlorError(kind: .unexpectedResponse, code: "bad_launch_url", message: "the server's launch URL '\(launch.url)' cannot be opened")
                }
                return url
            })
    }
}

extension MiniAppsClient: DependencyKey {
    public static var liveValue: MiniAppsClient {
        @Dependency(\.parlorClient) var client
        return .live(client)
    }

    public static var testValue: MiniAppsClient {
        MiniAppsClient(
            list: { () async throws(ParlorError) -> [MiniAppCard] in
                reportIssue("MiniAppsClient.list is not set in this test")
                throw ParlorError(kind: .unexpectedResponse, code: "unimplemented", message: "MiniAppsClient.list is not set")
            },
            launch: { _ throws(ParlorError) in
                reportIssue("MiniAppsClient.launch is not set in this test")
                throw ParlorError(kind: .unexpectedResponse, code: "unimplemented", message: "MiniAppsClient.launch is not set")
            })
    }
}

extension DependencyValues {
    public var miniApps: MiniAppsClient {
        get { self[MiniAppsClient.self] }
        set { self[MiniAppsClient.self] = newValue }
    }
}
