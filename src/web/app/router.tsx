import { createBrowserRouter } from "react-router";

export const router = createBrowserRouter([]);
