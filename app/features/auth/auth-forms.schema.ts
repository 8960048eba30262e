import { z } from "zod";

export const loginSchema = z.object({
  email: z.string().trim().min(1, "Email is required").pipe(z.email("Invalid email address")),
  password: z.string().min(1, "Password is required"),
  redirectTo: z.string().optional(),
});

export const roles = ["musician", "client"] as const;

export const registerSchema = z.object({
  firstName: z.string().trim().min(1, "First name is required").max(100, "First name is too long"),
  lastName: z.string().trim().min(1, "Last name is required").max(100, "Last name is too long"),
  email: z.string().trim().min(1, "Email is required").pipe(z.email("Invalid email address")),
  password: z
    .string()
    .min(8, "Password must be at least 8 characters")
    .max(128, "Password must be at most 128 characters"),
  role: z
    .enum(roles, { error: "Please choose a role" })
    .refine((r) => r === "musician", "Event Organizer accounts are coming soon"),
});

export const forgotPasswordSchema = z.object({
  email: z.string().trim().min(1, "Email is required").pipe(z.email("Invalid email address")),
});

export const resetPasswordSchema = z
  .object({
    token: z.string().min(1, "This reset link is invalid or has expired"),
    password: z
      .string()
      .min(8, "Password must be at least 8 characters")
      .max(128, "Password must be at most 128 characters"),
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords do not match",
    path: ["confirmPassword"],
  });
