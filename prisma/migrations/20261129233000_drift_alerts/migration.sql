-- Drift alerts and notifications (issue 31 point 4): a project's drift settings, open drift flags
-- (one per annotator and field, so a lead is notified once per ongoing flag) and in-app notifications.
CREATE TABLE "DriftSetting" (
    "projectId" TEXT NOT NULL,
    "window" INTEGER NOT NULL DEFAULT 50,
    "pendingSubmissions" INTEGER NOT NULL DEFAULT 0,
    "checkedAt" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "DriftSetting_pkey" PRIMARY KEY ("projectId"),
    CONSTRAINT "DriftSetting_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE TABLE "DriftFlag" (
    "id" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "field" TEXT NOT NULL,
    "annotator" TEXT NOT NULL,
    "open" BOOLEAN NOT NULL DEFAULT true,
    "detail" JSONB NOT NULL DEFAULT '{}',
    "openedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "closedAt" TIMESTAMP(3),
    CONSTRAINT "DriftFlag_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "DriftFlag_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "DriftFlag_projectId_field_annotator_key" ON "DriftFlag"("projectId", "field", "annotator");

CREATE TABLE "Notification" (
    "id" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "href" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "readAt" TIMESTAMP(3),
    CONSTRAINT "Notification_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "Notification_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Notification_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "Notification_userId_readAt_createdAt_idx" ON "Notification"("userId", "readAt", "createdAt");
CREATE INDEX "Notification_projectId_userId_idx" ON "Notification"("projectId", "userId");
