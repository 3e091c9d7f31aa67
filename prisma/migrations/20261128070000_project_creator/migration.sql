-- Issue 29 point 3: the "project creator" right (create projects without being a site admin).
ALTER TABLE "User" ADD COLUMN     "projectCreator" BOOLEAN NOT NULL DEFAULT false;
