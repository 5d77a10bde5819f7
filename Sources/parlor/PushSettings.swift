import ApplePush
import AsyncHTTPClient
import Foundation
import Logging
import NIOSSL
import ParlorNotifications

/// How `parlor` sends notifications: APNs when a team id, key id and key file are set, else the log.
extension SettingSources {
    /// The push configuration, and the HTTP client it made for APNs (the caller shuts it down).
    func pushConfiguration(logger: Logger) throws(CommandFailure) -> (PushConfiguration, HTTPClient?) {
        var configuration = PushConfiguration()
        let bundles = list(.pushBundleIDs)
        if !bundles.isEmpty {
            switch PushProducts.parse(bundles) {
            case .success(let products): configuration.products = products
            case .failure(let problem): throw CommandFailure(.usage, "push_bundle_ids: \(problem)")
            }
        }
        if let cap = try integer(nil, .pushHourlyCap) {
            guard cap > 0 else { throw CommandFailure(.usage, "push_hourly_cap must be a positive number of alerts an hour, got \(cap)") }
            configuration.hourlyCap = cap
        }
        let team = string(nil, .apnsTeamID), keyID = string(nil, .apnsKeyID), keyFile = string(nil, .apnsKeyFile)
        guard team != nil || keyID != nil || keyFile != nil else { return (configuration, nil) }
        guard let team, let keyID, let keyFile else {
            throw CommandFailure(.usage, "APNs needs all of apns_team_id, apns_key_id and apns_key_file (the .p8 key)")
        }
        let provider: APNsProviderToken
        do {
            provider = try APNsProviderToken(keyID: keyID, teamID: team, pem: try String(contentsOfFile: keyFile, encoding: .utf8))
        } catch {
            throw CommandFailure(.usage, "cannot read the APNs key \(keyFile): \(error)")
        }
        var hosts: [APNsEnvironment: URL] = [:]
        if let text = string(nil, .apnsURL) {
            guard let url = URL(string: text), url.scheme == "https", url.host != nil else {
                throw CommandFailure(.usage, "PARLOR_APNS_URL must be an https URL, got '\(text)'")
            }
            hosts = [.sandbox: url, .production: url]
        }
        var tls = TLSConfiguration.makeClientConfiguration()
        if let caFile = string(nil, .apnsCAFile) {
            do {
                tls.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(caFile))
            } catch {
                throw CommandFailure(.usage, "cannot read apns_ca_file \(caFile): \(error)")
            }
        }
        var http = HTTPClient.Configuration(tlsConfiguration: tls)
        http.httpVersion = .automatic
        let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: http)
        logger.info("push goes to APNs", metadata: ["team_id": "\(team)", "key_id": "\(keyID)"])
        configuration.transport = APNsHTTPTransport(client: client, provider: provider, hosts: hosts)
        return (configuration, client)
    }
}
