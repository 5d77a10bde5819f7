import Foundation
import ParlorAccounts
import SignInProviders

/// Game Center sign-in and Apple token revocation, from settings.
///
/// Game Center needs `gamecenter_bundle_ids` and `gamecenter_root_file` (PEM: the root its key
/// certificates chain to, and any intermediate). Apple token revocation needs all of
/// `apple_team_id`, `apple_key_id` and `apple_key_file` (the Sign in with Apple `.p8`);
/// `apple_auth_url` points it elsewhere than `https://appleid.apple.com`.
extension SettingSources {
    func applyAppleSettings(to accounts: inout AccountsConfiguration) throws(CommandFailure) {
        let bundles = list(.gameCenterBundleIDs)
        if !bundles.isEmpty {
            guard let path = string(nil, .gameCenterRootFile) else {
                throw CommandFailure(.usage, "gamecenter_bundle_ids needs gamecenter_root_file (PEM: the root Game Center key certificates chain to)")
            }
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { throw CommandFailure(.usage, "cannot read gamecenter_root_file \(path)") }
            do {
                accounts.gameCenter = try GameCenterSignInConfiguration(bundleIDs: bundles, certificatesPEM: text)
            } catch {
                throw CommandFailure(.usage, "gamecenter_root_file \(path): \(error)")
            }
        }

        let team = string(nil, .appleTeamID), keyID = string(nil, .appleKeyID), keyFile = string(nil, .appleKeyFile)
        guard team != nil || keyID != nil || keyFile != nil else { return }
        guard let team, let keyID, let keyFile else {
            throw CommandFailure(.usage, "Apple token revocation needs all of apple_team_id, apple_key_id and apple_key_file (the .p8 key)")
        }
        guard let pem = try? String(contentsOfFile: keyFile, encoding: .utf8) else { throw CommandFailure(.usage, "cannot read apple_key_file \(keyFile)") }
        var authURL = AppleTokenConfiguration.defaultAuthURL
        if let text = string(nil, .appleAuthURL) {
            guard let url = URL(string: text), url.scheme == "https", url.host != nil else {
                throw CommandFailure(.usage, "PARLOR_APPLE_AUTH_URL must be an https URL, got '\(text)'")
            }
            authURL = url
        }
        do {
            accounts.appleTokens = try AppleTokenConfiguration(teamID: team, keyID: keyID, privateKeyPEM: pem, authURL: authURL)
        } catch {
            throw CommandFailure(.usage, "apple_key_file \(keyFile): \(error)")
        }
    }
}
