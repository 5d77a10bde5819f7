import ParlorConsole
import ParlorServer

extension SettingSources {
    /// The operator console's sessions: `console_idle_timeout` (seconds unused before a session
    /// ends; 60 to 86,400, default 1,800), `console_session_lifetime` (seconds from sign-in; 300 to
    /// 604,800, default 43,200), `console_secure_cookies` (true, false, or unset: `Secure` when a
    /// trusted proxy's `X-Forwarded-Proto` says https).
    func consoleConfiguration() throws(CommandFailure) -> ConsoleConfiguration {
        var configuration = ConsoleConfiguration()
        if let idle = try integer(nil, .consoleIdleTimeout) {
            guard (60...86_400).contains(idle) else { throw CommandFailure(.usage, "console_idle_timeout must be 60 to 86400 seconds, not \(idle)") }
            configuration.idleTimeout = .seconds(idle)
        }
        if let lifetime = try integer(nil, .consoleSessionLifetime) {
            guard (300...604_800).contains(lifetime) else {
                throw CommandFailure(.usage, "console_session_lifetime must be 300 to 604800 seconds, not \(lifetime)")
            }
            configuration.lifetime = .seconds(lifetime)
        }
        if string(nil, .consoleSecureCookies) != nil { configuration.secureCookies = try flag(.consoleSecureCookies) }
        return configuration
    }
}
