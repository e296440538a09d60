# Generated from Click.g4 by ANTLR 4.13.2
from antlr4 import *
if "." in __name__:
    from .ClickParser import ClickParser
else:
    from ClickParser import ClickParser

# This class defines a complete generic visitor for a parse tree produced by ClickParser.

class ClickVisitor(ParseTreeVisitor):

    # Visit a parse tree produced by ClickParser#config.
    def visitConfig(self, ctx:ClickParser.ConfigContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ClickParser#statement.
    def visitStatement(self, ctx:ClickParser.StatementContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ClickParser#connection.
    def visitConnection(self, ctx:ClickParser.ConnectionContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ClickParser#connector.
    def visitConnector(self, ctx:ClickParser.ConnectorContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ClickParser#elements.
    def visitElements(self, ctx:ClickParser.ElementsContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ClickParser#element.
    def visitElement(self, ctx:ClickParser.ElementContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ClickParser#elementRest.
    def visitElementRest(self, ctx:ClickParser.ElementRestContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ClickParser#elementBody.
    def visitElementBody(self, ctx:ClickParser.ElementBodyContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ClickParser#classRef.
    def visitClassRef(self, ctx:ClickParser.ClassRefContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ClickParser#configArg.
    def visitConfigArg(self, ctx:ClickParser.ConfigArgContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ClickParser#port.
    def visitPort(self, ctx:ClickParser.PortContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ClickParser#portNumber.
    def visitPortNumber(self, ctx:ClickParser.PortNumberContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ClickParser#group.
    def visitGroup(self, ctx:ClickParser.GroupContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ClickParser#compound.
    def visitCompound(self, ctx:ClickParser.CompoundContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ClickParser#compoundBody.
    def visitCompoundBody(self, ctx:ClickParser.CompoundBodyContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ClickParser#formals.
    def visitFormals(self, ctx:ClickParser.FormalsContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ClickParser#formal.
    def visitFormal(self, ctx:ClickParser.FormalContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ClickParser#elementclassStmt.
    def visitElementclassStmt(self, ctx:ClickParser.ElementclassStmtContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ClickParser#requireStmt.
    def visitRequireStmt(self, ctx:ClickParser.RequireStmtContext):
        return self.visitChildren(ctx)


    # Visit a parse tree produced by ClickParser#defineStmt.
    def visitDefineStmt(self, ctx:ClickParser.DefineStmtContext):
        return self.visitChildren(ctx)



del ClickParser