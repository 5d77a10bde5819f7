import ParlorAccounts
import ParlorAPI
import ParlorDatabase
import ParlorMiniApps
import ParlorNotifications
import ParlorPurchases
import ParlorPlay
import ParlorSocial
import ParlorSync
import ParlorTopDog

/// Implements the generated `APIProtocol` by handing each operation to its capability, which
/// holds only its own dependencies; the system routes (health, readiness, versions) are its own.
struct APIHandler: APIProtocol {
    let database: Database
    let migrator: Migrator
    let readinessTimeout: Duration
    let accountsAPI: AccountsAPI
    let miniAppsAPI: MiniAppsAPI
    let syncAPI: SyncAPI
    let playAPI: PlayAPI
    let topDogAPI: TopDogAPI
    let socialAPI: SocialAPI
    let notificationsAPI: NotificationsAPI
    let purchasesAPI: PurchasesAPI
    let linksAPI: LinksAPI

    // MARK: Accounts

    func signInAsGuest(_ input: Operations.SignInAsGuest.Input) async throws -> Operations.SignInAsGuest.Output { try await accountsAPI.signInAsGuest(input) }
    func register(_ input: Operations.Register.Input) async throws -> Operations.Register.Output { try await accountsAPI.register(input) }
    func signInWithPassword(_ input: Operations.SignInWithPassword.Input) async throws -> Operations.SignInWithPassword.Output { try await accountsAPI.signInWithPassword(input) }
    func signInWithApple(_ input: Operations.SignInWithApple.Input) async throws -> Operations.SignInWithApple.Output { try await accountsAPI.signInWithApple(input) }
    func signInWithDiscord(_ input: Operations.SignInWithDiscord.Input) async throws -> Operations.SignInWithDiscord.Output { try await accountsAPI.signInWithDiscord(input) }
    func signInWithFacebook(_ input: Operations.SignInWithFacebook.Input) async throws -> Operations.SignInWithFacebook.Output { try await accountsAPI.signInWithFacebook(input) }
    func signInWithGameCenter(_ input: Operations.SignInWithGameCenter.Input) async throws -> Operations.SignInWithGameCenter.Output { try await accountsAPI.signInWithGameCenter(input) }
    func refreshSession(_ input: Operations.RefreshSession.Input) async throws -> Operations.RefreshSession.Output { try await accountsAPI.refreshSession(input) }
    func logOut(_ input: Operations.LogOut.Input) async throws -> Operations.LogOut.Output { try await accountsAPI.logOut(input) }
    func logOutEverywhere(_ input: Operations.LogOutEverywhere.Input) async throws -> Operations.LogOutEverywhere.Output { try await accountsAPI.logOutEverywhere(input) }
    func requestPasswordReset(_ input: Operations.RequestPasswordReset.Input) async throws -> Operations.RequestPasswordReset.Output { try await accountsAPI.requestPasswordReset(input) }
    func resetPassword(_ input: Operations.ResetPassword.Input) async throws -> Operations.ResetPassword.Output { try await accountsAPI.resetPassword(input) }
    func getJWKS(_ input: Operations.GetJWKS.Input) async throws -> Operations.GetJWKS.Output { try await accountsAPI.getJWKS(input) }
    func getMe(_ input: Operations.GetMe.Input) async throws -> Operations.GetMe.Output { try await accountsAPI.getMe(input) }
    func updateMe(_ input: Operations.UpdateMe.Input) async throws -> Operations.UpdateMe.Output { try await accountsAPI.updateMe(input) }
    func deleteMe(_ input: Operations.DeleteMe.Input) async throws -> Operations.DeleteMe.Output { try await accountsAPI.deleteMe(input) }
    func verifyEmail(_ input: Operations.VerifyEmail.Input) async throws -> Operations.VerifyEmail.Output { try await accountsAPI.verifyEmail(input) }
    func resendEmailVerification(_ input: Operations.ResendEmailVerification.Input) async throws -> Operations.ResendEmailVerification.Output {
        try await accountsAPI.resendEmailVerification(input)
    }
    func changePassword(_ input: Operations.ChangePassword.Input) async throws -> Operations.ChangePassword.Output { try await accountsAPI.changePassword(input) }
    func unlinkIdentity(_ input: Operations.UnlinkIdentity.Input) async throws -> Operations.UnlinkIdentity.Output { try await accountsAPI.unlinkIdentity(input) }
    func getUser(_ input: Operations.GetUser.Input) async throws -> Operations.GetUser.Output { try await socialAPI.getUser(input) }
    func checkUsername(_ input: Operations.CheckUsername.Input) async throws -> Operations.CheckUsername.Output { try await accountsAPI.checkUsername(input) }
    // MARK: Mini apps

    func getDemoMiniApp(_ input: Operations.GetDemoMiniApp.Input) async throws -> Operations.GetDemoMiniApp.Output { try await miniAppsAPI.getDemoMiniApp(input) }
    func startDemoSession(_ input: Operations.StartDemoSession.Input) async throws -> Operations.StartDemoSession.Output { try await miniAppsAPI.startDemoSession(input) }
    func listMiniApps(_ input: Operations.ListMiniApps.Input) async throws -> Operations.ListMiniApps.Output { try await miniAppsAPI.listMiniApps(input) }
    func launchMiniApp(_ input: Operations.LaunchMiniApp.Input) async throws -> Operations.LaunchMiniApp.Output { try await miniAppsAPI.launchMiniApp(input) }
    func exchangeSSOCode(_ input: Operations.ExchangeSSOCode.Input) async throws -> Operations.ExchangeSSOCode.Output { try await miniAppsAPI.exchangeSSOCode(input) }
    func introspectToken(_ input: Operations.IntrospectToken.Input) async throws -> Operations.IntrospectToken.Output { try await miniAppsAPI.introspectToken(input) }
    func adminListMiniApps(_ input: Operations.AdminListMiniApps.Input) async throws -> Operations.AdminListMiniApps.Output { try await miniAppsAPI.adminListMiniApps(input) }
    func adminCreateMiniApp(_ input: Operations.AdminCreateMiniApp.Input) async throws -> Operations.AdminCreateMiniApp.Output { try await miniAppsAPI.adminCreateMiniApp(input) }
    func adminGetMiniApp(_ input: Operations.AdminGetMiniApp.Input) async throws -> Operations.AdminGetMiniApp.Output { try await miniAppsAPI.adminGetMiniApp(input) }
    func adminUpdateMiniApp(_ input: Operations.AdminUpdateMiniApp.Input) async throws -> Operations.AdminUpdateMiniApp.Output { try await miniAppsAPI.adminUpdateMiniApp(input) }
    func adminDeleteMiniApp(_ input: Operations.AdminDeleteMiniApp.Input) async throws -> Operations.AdminDeleteMiniApp.Output { try await miniAppsAPI.adminDeleteMiniApp(input) }
    func adminRotateMiniAppSecret(_ input: Operations.AdminRotateMiniAppSecret.Input) async throws -> Operations.AdminRotateMiniAppSecret.Output { try await miniAppsAPI.adminRotateMiniAppSecret(input) }
    // MARK: Sync

    func pushSyncEvents(_ input: Operations.PushSyncEvents.Input) async throws -> Operations.PushSyncEvents.Output { try await syncAPI.pushSyncEvents(input) }
    func listSyncEvents(_ input: Operations.ListSyncEvents.Input) async throws -> Operations.ListSyncEvents.Output { try await syncAPI.listSyncEvents(input) }
    func clearSyncEvents(_ input: Operations.ClearSyncEvents.Input) async throws -> Operations.ClearSyncEvents.Output { try await syncAPI.clearSyncEvents(input) }
    func getSyncSummary(_ input: Operations.GetSyncSummary.Input) async throws -> Operations.GetSyncSummary.Output { try await syncAPI.getSyncSummary(input) }
    // MARK: Play

    func listGameCatalogue(_ input: Operations.ListGameCatalogue.Input) async throws -> Operations.ListGameCatalogue.Output { try await playAPI.listGameCatalogue(input) }
    func createGame(_ input: Operations.CreateGame.Input) async throws -> Operations.CreateGame.Output { try await playAPI.createGame(input) }
    func joinGameByCode(_ input: Operations.JoinGameByCode.Input) async throws -> Operations.JoinGameByCode.Output { try await playAPI.joinGameByCode(input) }
    func getGame(_ input: Operations.GetGame.Input) async throws -> Operations.GetGame.Output { try await playAPI.getGame(input) }
    func listGames(_ input: Operations.ListGames.Input) async throws -> Operations.ListGames.Output { try await playAPI.listGames(input) }
    func submitMove(_ input: Operations.SubmitMove.Input) async throws -> Operations.SubmitMove.Output { try await playAPI.submitMove(input) }
    func resignGame(_ input: Operations.ResignGame.Input) async throws -> Operations.ResignGame.Output { try await playAPI.resignGame(input) }
    func listMoves(_ input: Operations.ListMoves.Input) async throws -> Operations.ListMoves.Output { try await playAPI.listMoves(input) }
    func getGameRecord(_ input: Operations.GetGameRecord.Input) async throws -> Operations.GetGameRecord.Output { try await playAPI.getGameRecord(input) }
    func rematchGame(_ input: Operations.RematchGame.Input) async throws -> Operations.RematchGame.Output { try await playAPI.rematchGame(input) }
    func getMyRatings(_ input: Operations.GetMyRatings.Input) async throws -> Operations.GetMyRatings.Output { try await playAPI.getMyRatings(input) }
    func inviteToGame(_ input: Operations.InviteToGame.Input) async throws -> Operations.InviteToGame.Output { try await playAPI.inviteToGame(input) }
    func listInvitations(_ input: Operations.ListInvitations.Input) async throws -> Operations.ListInvitations.Output { try await playAPI.listInvitations(input) }
    func acceptInvitation(_ input: Operations.AcceptInvitation.Input) async throws -> Operations.AcceptInvitation.Output { try await playAPI.acceptInvitation(input) }
    func declineInvitation(_ input: Operations.DeclineInvitation.Input) async throws -> Operations.DeclineInvitation.Output { try await playAPI.declineInvitation(input) }
    func enterQuickMatch(_ input: Operations.EnterQuickMatch.Input) async throws -> Operations.EnterQuickMatch.Output { try await playAPI.enterQuickMatch(input) }
    func getQuickMatch(_ input: Operations.GetQuickMatch.Input) async throws -> Operations.GetQuickMatch.Output { try await playAPI.getQuickMatch(input) }
    func cancelQuickMatch(_ input: Operations.CancelQuickMatch.Input) async throws -> Operations.CancelQuickMatch.Output { try await playAPI.cancelQuickMatch(input) }
    // MARK: TopDog

    func listTopDogPlayers(_ input: Operations.ListTopDogPlayers.Input) async throws -> Operations.ListTopDogPlayers.Output { try await topDogAPI.listTopDogPlayers(input) }
    func listTournaments(_ input: Operations.ListTournaments.Input) async throws -> Operations.ListTournaments.Output { try await topDogAPI.listTournaments(input) }
    func getTournament(_ input: Operations.GetTournament.Input) async throws -> Operations.GetTournament.Output { try await topDogAPI.getTournament(input) }
    func joinTournament(_ input: Operations.JoinTournament.Input) async throws -> Operations.JoinTournament.Output { try await topDogAPI.joinTournament(input) }
    func getWallet(_ input: Operations.GetWallet.Input) async throws -> Operations.GetWallet.Output { try await topDogAPI.getWallet(input) }
    func listWalletTransactions(_ input: Operations.ListWalletTransactions.Input) async throws -> Operations.ListWalletTransactions.Output { try await topDogAPI.listWalletTransactions(input) }
    func depositFunds(_ input: Operations.DepositFunds.Input) async throws -> Operations.DepositFunds.Output { try await topDogAPI.depositFunds(input) }
    func withdrawFunds(_ input: Operations.WithdrawFunds.Input) async throws -> Operations.WithdrawFunds.Output { try await topDogAPI.withdrawFunds(input) }
    func listMyDrafts(_ input: Operations.ListMyDrafts.Input) async throws -> Operations.ListMyDrafts.Output { try await topDogAPI.listMyDrafts(input) }
    func getDraftRoom(_ input: Operations.GetDraftRoom.Input) async throws -> Operations.GetDraftRoom.Output { try await topDogAPI.getDraftRoom(input) }
    func makeDraftPick(_ input: Operations.MakeDraftPick.Input) async throws -> Operations.MakeDraftPick.Output { try await topDogAPI.makeDraftPick(input) }
    func getDraftQueue(_ input: Operations.GetDraftQueue.Input) async throws -> Operations.GetDraftQueue.Output { try await topDogAPI.getDraftQueue(input) }
    func setDraftQueue(_ input: Operations.SetDraftQueue.Input) async throws -> Operations.SetDraftQueue.Output { try await topDogAPI.setDraftQueue(input) }
    func setDraftAutopick(_ input: Operations.SetDraftAutopick.Input) async throws -> Operations.SetDraftAutopick.Output { try await topDogAPI.setDraftAutopick(input) }
    func listMyTeams(_ input: Operations.ListMyTeams.Input) async throws -> Operations.ListMyTeams.Output { try await topDogAPI.listMyTeams(input) }
    func getMyTeam(_ input: Operations.GetMyTeam.Input) async throws -> Operations.GetMyTeam.Output { try await topDogAPI.getMyTeam(input) }
    func getExposure(_ input: Operations.GetExposure.Input) async throws -> Operations.GetExposure.Output { try await topDogAPI.getExposure(input) }
    func listDraftAlerts(_ input: Operations.ListDraftAlerts.Input) async throws -> Operations.ListDraftAlerts.Output { try await topDogAPI.listDraftAlerts(input) }
    func getDraftAlertPreferences(_ input: Operations.GetDraftAlertPreferences.Input) async throws -> Operations.GetDraftAlertPreferences.Output { try await topDogAPI.getDraftAlertPreferences(input) }
    func setDraftAlertPreferences(_ input: Operations.SetDraftAlertPreferences.Input) async throws -> Operations.SetDraftAlertPreferences.Output { try await topDogAPI.setDraftAlertPreferences(input) }
    func adminCreateTournament(_ input: Operations.AdminCreateTournament.Input) async throws -> Operations.AdminCreateTournament.Output { try await topDogAPI.adminCreateTournament(input) }
    func adminCompleteTournament(_ input: Operations.AdminCompleteTournament.Input) async throws -> Operations.AdminCompleteTournament.Output { try await topDogAPI.adminCompleteTournament(input) }
    func adminResolvePayment(_ input: Operations.AdminResolvePayment.Input) async throws -> Operations.AdminResolvePayment.Output { try await topDogAPI.adminResolvePayment(input) }

    // MARK: Social

    func searchUsers(_ input: Operations.SearchUsers.Input) async throws -> Operations.SearchUsers.Output { try await socialAPI.searchUsers(input) }
    func listFriends(_ input: Operations.ListFriends.Input) async throws -> Operations.ListFriends.Output { try await socialAPI.listFriends(input) }
    func removeFriend(_ input: Operations.RemoveFriend.Input) async throws -> Operations.RemoveFriend.Output { try await socialAPI.removeFriend(input) }
    func listFriendRequests(_ input: Operations.ListFriendRequests.Input) async throws -> Operations.ListFriendRequests.Output { try await socialAPI.listFriendRequests(input) }
    func sendFriendRequest(_ input: Operations.SendFriendRequest.Input) async throws -> Operations.SendFriendRequest.Output { try await socialAPI.sendFriendRequest(input) }
    func cancelFriendRequest(_ input: Operations.CancelFriendRequest.Input) async throws -> Operations.CancelFriendRequest.Output { try await socialAPI.cancelFriendRequest(input) }
    func acceptFriendRequest(_ input: Operations.AcceptFriendRequest.Input) async throws -> Operations.AcceptFriendRequest.Output { try await socialAPI.acceptFriendRequest(input) }
    func declineFriendRequest(_ input: Operations.DeclineFriendRequest.Input) async throws -> Operations.DeclineFriendRequest.Output { try await socialAPI.declineFriendRequest(input) }
    func listBlocks(_ input: Operations.ListBlocks.Input) async throws -> Operations.ListBlocks.Output { try await socialAPI.listBlocks(input) }
    func blockUser(_ input: Operations.BlockUser.Input) async throws -> Operations.BlockUser.Output { try await socialAPI.blockUser(input) }
    func unblockUser(_ input: Operations.UnblockUser.Input) async throws -> Operations.UnblockUser.Output { try await socialAPI.unblockUser(input) }
    func listLeaderboards(_ input: Operations.ListLeaderboards.Input) async throws -> Operations.ListLeaderboards.Output { try await socialAPI.listLeaderboards(input) }
    func getLeaderboard(_ input: Operations.GetLeaderboard.Input) async throws -> Operations.GetLeaderboard.Output { try await socialAPI.getLeaderboard(input) }
    func getLeaderboardAroundMe(_ input: Operations.GetLeaderboardAroundMe.Input) async throws -> Operations.GetLeaderboardAroundMe.Output { try await socialAPI.getLeaderboardAroundMe(input) }
    func getFriendsLeaderboard(_ input: Operations.GetFriendsLeaderboard.Input) async throws -> Operations.GetFriendsLeaderboard.Output { try await socialAPI.getFriendsLeaderboard(input) }
    func listAchievements(_ input: Operations.ListAchievements.Input) async throws -> Operations.ListAchievements.Output { try await socialAPI.listAchievements(input) }
    func listMyAchievements(_ input: Operations.ListMyAchievements.Input) async throws -> Operations.ListMyAchievements.Output { try await socialAPI.listMyAchievements(input) }

    // Push
    func registerPushDevice(_ input: Operations.RegisterPushDevice.Input) async throws -> Operations.RegisterPushDevice.Output { try await notificationsAPI.registerPushDevice(input) }
    func listPushDevices(_ input: Operations.ListPushDevices.Input) async throws -> Operations.ListPushDevices.Output { try await notificationsAPI.listPushDevices(input) }
    func unregisterPushDevice(_ input: Operations.UnregisterPushDevice.Input) async throws -> Operations.UnregisterPushDevice.Output { try await notificationsAPI.unregisterPushDevice(input) }
    func getPushPreferences(_ input: Operations.GetPushPreferences.Input) async throws -> Operations.GetPushPreferences.Output { try await notificationsAPI.getPushPreferences(input) }
    func setPushPreferences(_ input: Operations.SetPushPreferences.Input) async throws -> Operations.SetPushPreferences.Output { try await notificationsAPI.setPushPreferences(input) }

    // Purchases
    func verifyPurchase(_ input: Operations.VerifyPurchase.Input) async throws -> Operations.VerifyPurchase.Output { try await purchasesAPI.verifyPurchase(input) }
    func receiveAppStoreNotification(_ input: Operations.ReceiveAppStoreNotification.Input) async throws -> Operations.ReceiveAppStoreNotification.Output { try await purchasesAPI.receiveAppStoreNotification(input) }
    func usePurchase(_ input: Operations.UsePurchase.Input) async throws -> Operations.UsePurchase.Output { try await purchasesAPI.usePurchase(input) }
    func getEntitlements(_ input: Operations.GetEntitlements.Input) async throws -> Operations.GetEntitlements.Output { try await purchasesAPI.getEntitlements(input) }
    func getHint(_ input: Operations.GetHint.Input) async throws -> Operations.GetHint.Output { try await playAPI.getHint(input) }

    // Links that open the apps
    func getAppSiteAssociation(_ input: Operations.GetAppSiteAssociation.Input) async throws -> Operations.GetAppSiteAssociation.Output { try await linksAPI.getAppSiteAssociation(input) }
    func getAppSiteAssociationAtRoot(_ input: Operations.GetAppSiteAssociationAtRoot.Input) async throws -> Operations.GetAppSiteAssociationAtRoot.Output { try await linksAPI.getAppSiteAssociationAtRoot(input) }
    func getInvitePage(_ input: Operations.GetInvitePage.Input) async throws -> Operations.GetInvitePage.Output { try await linksAPI.getInvitePage(input) }
    func getTournamentPage(_ input: Operations.GetTournamentPage.Input) async throws -> Operations.GetTournamentPage.Output { try await linksAPI.getTournamentPage(input) }
    func getReplayPage(_ input: Operations.GetReplayPage.Input) async throws -> Operations.GetReplayPage.Output { try await linksAPI.getReplayPage(input) }
}
