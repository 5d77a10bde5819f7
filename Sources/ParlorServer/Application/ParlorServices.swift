import AsyncHTTPClient
import Foundation
import GameCore
import Logging
import ParlorAccounts
import ParlorConsole
import ParlorDatabase
import ParlorHTTP
import ParlorMail
import ParlorNotifications
import ParlorPurchases
import ParlorPlay
import ParlorRealtime
import ParlorTopDog

/// What the application talks to beyond its database: the games it plays, outbound HTTP, mail
/// and the clock.
///
/// Production uses the defaults; tests inject a clock they control and fakes on loopback.
public struct ParlorServices: Sendable {
    /// The games the server plays online; the server itself knows none of them.
    public var games: GameRegistry
    public var accounts: AccountsConfiguration
    public var httpClient: HTTPClient
    public var mailer: any Mailer
    /// Where mail leaves (an ``SMTPClient``): when set, ``mailer`` is replaced by the database
    /// outbox and every node drains it through this.
    public var mailTransport: (any MailTransport)?
    public var mailSending = MailSenderConfiguration()
    public var now: @Sendable () -> Date
    /// Limits of the real-time channel (`/ws`).
    public var realtime = RealtimeConfiguration()
    /// How often each node looks for expired turn deadlines.
    public var turnTimerInterval: Duration = .milliseconds(250)
    /// The longest each node's turn timer sleeps while nobody waits for a quick match: notices that
    /// may bring a deadline near wake it, so this bounds how late it sees one whose notice was lost.
    public var turnTimerLongestWait: Duration = .seconds(1)
    /// How long a game may wait for its players before it expires (`abandoned`): `waiting_game_expiry`.
    public var waitingGameExpiry: Duration = .seconds(24 * 3600)
    /// How often each node looks for waiting games to expire.
    public var waitingGameSweepInterval: Duration = .seconds(60)
    /// How often each node looks for draft rooms with a pick, a warning or a start due.
    public var draftTimerInterval: Duration = .milliseconds(100)
    /// The longest each node's draft timer sleeps: room changes wake it, so this only bounds how
    /// late it sees a change whose notice was lost.
    public var draftTimerLongestWait: Duration = .seconds(1)
    /// Where TopDog's deposits and withdrawals go; the sandbox provider until a real one is configured.
    package var payments: any PaymentProvider = SandboxPaymentProvider()
    /// How long the payment provider may take to answer; past it a deposit or withdrawal stays
    /// pending until the provider's webhook, or a retry after this long, settles it.
    package var paymentTimeout: Duration = .seconds(30)
    /// How often each node tells the others it is alive.
    public var nodeHeartbeat: Duration = .seconds(5)
    /// How long a node may stay silent before the others take its players' connections away.
    public var nodeTimeout: Duration = .seconds(20)
    /// How notifications are sent: to the log until APNs is configured.
    public var push = PushConfiguration()
    /// What the App Store sells for each app, the root its signatures chain to, which environments count.
    public var purchases = PurchasesConfiguration()
    /// Which apps open this server's links, their store pages, and the games with replay pictures.
    public var links = LinkConfiguration()
    /// The operator console's sessions and cookies.
    public var console = ConsoleConfiguration()
    /// How often the console's overview samples this node's move metrics (its charts show the last 60 samples).
    public var consoleMetricsInterval: Duration = .seconds(60)
    /// How games' chat is kept and policed: lines kept per game, the per-user limit, the word list.
    package var chat = ChatConfiguration()
    /// How long `/ready` waits for the database before it answers that it cannot reach it.
    public var readinessTimeout: Duration = .seconds(2)

    public init(
        games: GameRegistry, accounts: AccountsConfiguration, httpClient: HTTPClient = .shared, mailer: any Mailer,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.games = games
        self.accounts = accounts
        self.httpClient = httpClient
        self.mailer = mailer
        self.now = now
    }

    /// Defaults for a server at `publicURL`, writing mail into `mailDirectory`.
    public static func standard(games: GameRegistry, publicURL: URL, mailDirectory: URL, logger: Logger) -> ParlorServices {
        ParlorServices(
            games: games, accounts: AccountsConfiguration(publicURL: publicURL), mailer: FileMailer(directory: mailDirectory, logger: logger))
    }
}
