import CrazyEights
import GameCore
import GameSession
import PlayerProfiles

/// The joiner's session: joining the lobby found, waiting in it, the match, and its end.
extension PartyJoinModel {
    /// Joins the lobby found (or given): opens the link to the host and the lobby's model.
    public func join() {
        guard case .found(let chosen) = phase else { return }
        let configuration = ClientConfiguration(
            profile: profiles.profile, appVersion: appVersion, passcode: passcode, timeouts: SessionTimeouts(),
            games: GameRegistry([CrazyEights.self]).engineVersions)
        let opened: PartyJoinLink
        do {
            opened = try network.join(configuration, chosen)
        } catch {
            setPhase(.failed(error as? PartyFailure ?? .sessionOver(.ended(reason: "\(error)"))))
            return
        }
        link = opened
        running = Task { await opened.run() }
        setLobby(
            LobbyModel(
                role: .joiner(me: profiles.profile.id), gameName: "Crazy Eights", connection: .joiner(opened.client),
                settingsText: CrazyEightsSettingsText.lines))
        setPhase(.inLobby)
    }

    /// Waits until the host answered the join; true when the player is in.
    public func waitUntilJoined() async -> Bool {
        guard let client = link?.client else { return false }
        while [.connecting, .joining].contains(await client.phase) {
            guard (try? await clock.sleep(for: .milliseconds(50))) != nil else { return false }
        }
        return await client.phase == .joined
    }

    /// Readies and waits for the host to start; true when the match began.
    public func readyAndWaitForStart() async -> Bool {
        guard let client = link?.client else { return false }
        await client.setReady(true)
        while await client.phase == .joined, await client.lobby?.phase ?? .gathering == .gathering {
            guard (try? await clock.sleep(for: .milliseconds(50))) != nil else { return false }
        }
        let started = await client.lobby?.phase == .playing
        if started { setPhase(.playing) }
        return started
    }

    /// Plays the seat with the bot until the match ends.
    public func playByItself() async {
        guard let client = link?.client else { return }
        await EndpointAutoplay.run(client, choose: PartyMatchText.botMove)
    }

    /// The lobby screen ended: the game began, the player left, or the session ended.
    public func lobbyEnded(_ exit: LobbyExit) async {
        switch exit {
        case .started: setPhase(.playing)
        case .left:
            // Input ended at the lobby, or the person chose to leave; the lobby model told the host.
            if let client = link?.client, await client.phase == .ended(reason: ClientPhase.youLeft) { setLeft() }
        case .ended: break
        }
    }

    /// The player left the table: the host is told, and the seat is theirs no more.
    public func leaveTable() async {
        await link?.client.leave()
        setLeft()
    }

    /// Seat names for the table, from the lobby's seat order.
    public func seatNames() async -> [Int: String] {
        guard let client = link?.client else { return [:] }
        return PartyMatchText.seatNames(await client.snapshot())
    }

    /// Counts the match in the profile and says how it went; a session that ended without a
    /// match (refused, removed, the host gone) is the failure.
    public func finish() async throws {
        guard let client = link?.client else { return }
        let snapshot = await client.snapshot()
        if left {
            // The goodbye is only queued on the link: ending now would close it unsent, and the
            // host would keep the seat for a player who left until the client-silence timeout.
            try? await clock.sleep(for: .milliseconds(300))
            try await profiles.record(snapshot.finishedMatches)
            setResult("You left the party.")
            return
        }
        try await profiles.record(snapshot.finishedMatches)
        if snapshot.finishedMatches.isEmpty, snapshot.phase.isOver {
            if snapshot.phase == .rejected(reason: JoinRejection.wrongPasscode), passcode == nil {
                setPhase(.failed(.passcodeNeeded(lobbyID: target?.lobbyID ?? "", hostName: nil)))
            } else {
                setPhase(.failed(.sessionOver(snapshot.phase)))
            }
            return
        }
        setResult(PartyMatchText.result(snapshot))
    }

    /// Stops the link.
    public func close() {
        running?.cancel()
        running = nil
    }
}
